import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

interface InlineEditProps {
  /** What is edited, for labels: "name of SushiBud". */
  label: string;
  value: string;
  type?: 'text' | 'number';
  pending?: boolean;
  /** A sentence when the draft is not acceptable (checked before saving), else null. */
  validate: (draft: string) => string | null;
  /** Saves; resolves true when saved (the editor closes), false to stay open. */
  onSave: (draft: string) => Promise<boolean>;
}

/** Spec 2's inline edit: view, then edit with Save and Cancel; a clear sentence for bad input. */
export function InlineEdit({ label, value, type = 'text', pending, validate, onSave }: InlineEditProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (draft === null) {
    return (
      <span className="inline-edit">
        <span className="inline-edit__value">{value}</span>
        <Button size="sm" variant="ghost" onClick={() => setDraft(value)}>
          Edit<span className="sr-only"> {label}</span>
        </Button>
      </span>
    );
  }
  const cancel = () => {
    setDraft(null);
    setError(null);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validate(draft);
    setError(problem);
    if (problem) return;
    if (await onSave(draft)) cancel();
  };
  const errorId = `${label.replace(/\W+/g, '-')}-error`;
  return (
    <form className="inline-edit inline-edit--editing" noValidate onSubmit={(event) => void submit(event)}>
      <Input
        aria-label={label}
        type={type}
        min={type === 'number' ? 1 : undefined}
        value={draft}
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') cancel();
        }}
      />
      <Button size="sm" type="submit" loading={pending}>
        Save
      </Button>
      <Button size="sm" variant="outline" type="button" onClick={cancel} disabled={pending}>
        Cancel
      </Button>
      {error ? (
        <span className="field__error inline-edit__error" id={errorId} role="alert">
          {error}
        </span>
      ) : null}
    </form>
  );
}
