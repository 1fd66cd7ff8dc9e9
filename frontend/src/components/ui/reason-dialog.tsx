import { useEffect, useState } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';
import { Field } from './field';
import { Textarea } from './input';

interface ReasonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** The text box's label ("Reason", "Why should it change?"). */
  label: string;
  placeholder?: string;
  maxLength: number;
  confirmLabel: string;
  destructive?: boolean;
  pending: boolean;
  /** The trimmed, non-blank text; the caller closes the dialog when its call succeeds. */
  onSubmit: (text: string) => void;
}

/**
 * A dialog asking for one required sentence (a report's reason, an appeal): the confirm button
 * stays disabled until the text is not blank, and the text is cleared whenever the dialog closes.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  const { open, onOpenChange, pending } = props;
  const [text, setText] = useState('');
  useEffect(() => {
    if (!open) setText('');
  }, [open]);
  const submit = () => {
    if (text.trim()) props.onSubmit(text.trim());
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={props.title}
      description={props.description}
      size="sm"
      dismissible={!pending}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button
            variant={props.destructive ? 'danger' : 'primary'}
            onClick={submit}
            disabled={!text.trim()}
            loading={pending}
          >
            {props.confirmLabel}
          </Button>
        </>
      }
    >
      <Field label={props.label}>
        <Textarea
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={props.maxLength}
          rows={3}
          placeholder={props.placeholder}
        />
      </Field>
    </Dialog>
  );
}
