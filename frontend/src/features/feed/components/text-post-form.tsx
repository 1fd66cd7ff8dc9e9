import { useId, useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';

interface TextPostFormProps {
  /** The field's accessible name ("Share a status", "Write a comment"). */
  label: string;
  placeholder: string;
  maxLength: number;
  submitLabel: string;
  pending: boolean;
  /** Sends the trimmed, non-blank text; call `clear` once it was taken. */
  onSend: (text: string, clear: () => void) => void;
  className?: string;
}

/** A short text and its send button, disabled while blank: a status, a comment. */
export function TextPostForm({
  label,
  placeholder,
  maxLength,
  submitLabel,
  pending,
  onSend,
  className,
}: TextPostFormProps) {
  const [text, setText] = useState('');
  const fieldId = useId();
  const blank = text.trim().length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!blank) onSend(text.trim(), () => setText(''));
  };

  return (
    <form className={`reactions__form${className ? ` ${className}` : ''}`} onSubmit={submit}>
      <label htmlFor={fieldId} className="sr-only">
        {label}
      </label>
      <Textarea
        id={fieldId}
        rows={2}
        value={text}
        maxLength={maxLength}
        placeholder={placeholder}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" size="sm" disabled={blank} loading={pending}>
        <Send aria-hidden="true" /> {submitLabel}
      </Button>
    </form>
  );
}
