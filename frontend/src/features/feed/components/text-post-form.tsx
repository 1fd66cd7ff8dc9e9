import { useId, useState, type FormEvent } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';

interface TextPostFormProps {
  /** The field's accessible name ("Share a status", "Write a comment"). */
  label: string;
  placeholder: string;
  maxLength: number;
  submitLabel: string;
  /** Sends the trimmed, non-blank text; the field clears once the server took it. */
  send: UseMutationResult<unknown, Error, string>;
  onSent: () => void;
  /** The toast's title when the server refused it (its sentence is the description). */
  failTitle: string;
  className?: string;
}

/** A short text and its send button, disabled while blank: a status, a comment. */
export function TextPostForm({
  label,
  placeholder,
  maxLength,
  submitLabel,
  send,
  onSent,
  failTitle,
  className,
}: TextPostFormProps) {
  const [text, setText] = useState('');
  const fieldId = useId();
  const blank = text.trim().length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank) return;
    send.mutate(text.trim(), {
      onSuccess: () => {
        setText('');
        onSent();
      },
      onError: (error) => toast.error(failTitle, { description: error.message }),
    });
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
      <Button type="submit" size="sm" disabled={blank} loading={send.isPending}>
        <Send aria-hidden="true" /> {submitLabel}
      </Button>
    </form>
  );
}
