import { useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES, type ImportSavedResponse } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { useImportSaved } from '../api/import-saved';

interface ImportSavedDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Import saved places from a saved.csv export or a pasted "Name, Address" list; the result per row. */
export function ImportSavedDialog({ open, onOpenChange }: ImportSavedDialogProps) {
  const importer = useImportSaved();
  const [text, setText] = useState('');
  const [fileError, setFileError] = useState<string | undefined>();
  const [result, setResult] = useState<ImportSavedResponse | null>(null);

  const close = (next: boolean) => {
    if (!next) {
      setText('');
      setResult(null);
      setFileError(undefined);
      importer.reset();
    }
    onOpenChange(next);
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setFileError(undefined);
    if (!file) return;
    if (file.size > ACCOUNT_LIMITS.importTextMax) {
      setFileError(ACCOUNT_MESSAGES.importTooLong(ACCOUNT_LIMITS.importTextMax));
      return;
    }
    setText(await file.text());
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setFileError(ACCOUNT_MESSAGES.importEmpty);
      return;
    }
    importer.mutate(text, {
      onSuccess: (answer) => {
        setResult(answer);
        toast.success('Import finished', {
          description: `${plural(answer.imported, 'place')} saved, ${answer.alreadySaved} already saved, ${answer.skipped} skipped`,
        });
      },
      onError: (error) => toast.error('Import failed', { description: error.message }),
    });
  };

  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={close}
      title="Import saved places"
      description="Upload the saved places CSV from an export, or paste one place per line as “Name, Address”."
    >
      {result ? (
        <ImportResult result={result} onDone={() => close(false)} />
      ) : (
        <form className="form" onSubmit={onSubmit} noValidate aria-label="Import saved places">
          <Field label="CSV file" hint="The saved places CSV of an export (name and address columns).">
            <Input type="file" accept=".csv,text/csv,text/plain" onChange={(e) => void onFile(e)} />
          </Field>
          <Field
            label="Or paste a list"
            error={fileError ?? (importer.isError ? importer.error.message : undefined)}
          >
            <Textarea
              rows={6}
              value={text}
              maxLength={ACCOUNT_LIMITS.importTextMax}
              placeholder={
                'Katz Deli, 205 E Houston St, New York, NY\nPok Pok, 3226 SE Division St, Portland, OR'
              }
              onChange={(e) => setText(e.target.value)}
            />
          </Field>
          <div className="form__actions">
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={importer.isPending}>
              {importer.isPending ? 'Importing...' : 'Import'}
            </Button>
          </div>
        </form>
      )}
    </ResponsiveDialog>
  );
}

function ImportResult({ result, onDone }: { result: ImportSavedResponse; onDone: () => void }) {
  const skipped = result.rows.filter((row) => row.status === 'skipped');
  return (
    <div className="stack" role="status">
      <p>
        <strong>{plural(result.imported, 'place')} saved</strong>, {result.alreadySaved} already saved,{' '}
        {result.skipped} skipped.
      </p>
      {skipped.length > 0 ? (
        <ul className="import-skipped" aria-label="Skipped rows">
          {skipped.map((row) => (
            <li key={row.line}>
              Line {row.line}
              {row.name ? ` (${row.name})` : ''}: {row.reason}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="form__actions">
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
