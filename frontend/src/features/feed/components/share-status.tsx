import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Send } from 'lucide-react';
import { toast } from 'sonner';
import { DISCOVERY_LIMITS, type StatusDto } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { formatRelative } from '@/lib/format';
import { usePostStatus } from '../api/statuses';

/**
 * "Share a status" (spec 2's Check Ins tab has a Statuses filter but says nothing of where one is
 * posted): a line for my followers without checking in anywhere.
 */
export function ShareStatus() {
  const post = usePostStatus();
  const [text, setText] = useState('');
  const fieldId = useId();
  const blank = text.trim().length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank) return;
    post.mutate(text.trim(), {
      onSuccess: () => {
        setText('');
        toast.success('Status shared');
      },
      onError: (error) => toast.error('Status not shared', { description: error.message }),
    });
  };

  return (
    <form className="reactions__form share-status" onSubmit={submit}>
      <label htmlFor={fieldId} className="sr-only">
        Share a status
      </label>
      <Textarea
        id={fieldId}
        rows={2}
        value={text}
        maxLength={DISCOVERY_LIMITS.statusMax}
        placeholder="Share a status..."
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" size="sm" disabled={blank} loading={post.isPending}>
        <Send aria-hidden="true" /> Share
      </Button>
    </form>
  );
}

/** Statuses posted without a check-in, newest first. */
export function StatusList({ statuses }: { statuses: StatusDto[] }) {
  return (
    <ol className="feed__items" aria-label="Bud statuses">
      {statuses.map((status) => (
        <li key={status.id} className="feed-item">
          <p className="feed-item__line">
            <Link to={`/profile/${status.user.username}`} className="feed-item__user">
              {status.user.name || status.user.username}
            </Link>{' '}
            shared a status
          </p>
          <p className="reactions__text">{status.text}</p>
          <time className="feed-item__time" dateTime={status.createdAt}>
            {formatRelative(status.createdAt)}
          </time>
        </li>
      ))}
    </ol>
  );
}
