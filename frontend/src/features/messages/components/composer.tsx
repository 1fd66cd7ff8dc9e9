import { useId, useState } from 'react';
import { SendHorizontal } from 'lucide-react';
import { LIMITS } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';

interface ComposerProps {
  placeholder: string;
  rows: number;
  sending: boolean;
  disabled?: boolean;
  /** Sends the trimmed text; calls back so the box is emptied only once the message is stored. */
  onSend: (text: string, done: { onSuccess: () => void; onError: (error: Error) => void }) => void;
  onError: (error: Error) => void;
}

/** The message box: Enter sends, Shift+Enter starts a new line, a blank message is never sent. */
export function Composer({ placeholder, rows, sending, disabled, onSend, onError }: ComposerProps) {
  const [text, setText] = useState('');
  const id = useId();
  const blank = text.trim().length === 0;
  const submit = () => {
    if (blank || sending) return;
    onSend(text, { onSuccess: () => setText(''), onError });
  };
  return (
    <form
      className="composer"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label className="sr-only" htmlFor={id}>
        Message
      </label>
      <Textarea
        id={id}
        className="composer__input"
        value={text}
        rows={rows}
        placeholder={placeholder}
        maxLength={LIMITS.messageMax}
        disabled={disabled}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            submit();
          }
        }}
      />
      <Button
        type="submit"
        size="icon"
        aria-label="Send message"
        disabled={blank || disabled}
        loading={sending}
      >
        {sending ? null : <SendHorizontal aria-hidden="true" />}
      </Button>
    </form>
  );
}
