import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Heart, MessageCircle, Send } from 'lucide-react';
import { toast } from 'sonner';
import { DISCOVERY_LIMITS, type FeedReactionsDto } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { formatRelative } from '@/lib/format';
import { useCheckInComments, usePostCheckInComment, useToggleCheckInLike } from '../api/check-in-reactions';

interface CheckInReactionsProps {
  checkInId: number;
  reactions: FeedReactionsDto;
  /** Whose check-in, for the buttons' names. */
  ownerName: string;
}

/**
 * Likes (toggle, count ±1 at once, then the server's count; undone on failure) and the comment
 * panel of one check-in (issue #25: stored on the server, not the spec's demo).
 */
export function CheckInReactions({ checkInId, reactions, ownerName }: CheckInReactionsProps) {
  const [like, setLike] = useState({ liked: reactions.likedByMe, count: reactions.likeCount });
  const [commentCount, setCommentCount] = useState(reactions.commentCount);
  const [open, setOpen] = useState(false);
  const toggle = useToggleCheckInLike(checkInId);
  const panelId = useId();

  const onLike = () => {
    const before = like;
    setLike({ liked: !before.liked, count: before.count + (before.liked ? -1 : 1) });
    toggle.mutate(undefined, {
      onSuccess: (answer) => setLike({ liked: answer.liked, count: answer.likeCount }),
      onError: (error) => {
        setLike(before);
        toast.error('Error', { description: error.message });
      },
    });
  };

  return (
    <div className="reactions">
      <div className="reactions__bar">
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={like.liked}
          aria-label={`Like ${ownerName}'s check-in, ${like.count} ${like.count === 1 ? 'like' : 'likes'}`}
          disabled={toggle.isPending}
          onClick={onLike}
          className={like.liked ? 'reactions__like--on' : undefined}
        >
          <Heart aria-hidden="true" />
          <span aria-hidden="true">{like.count}</span>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          aria-label={`Comments on ${ownerName}'s check-in, ${commentCount}`}
          onClick={() => setOpen((value) => !value)}
        >
          <MessageCircle aria-hidden="true" />
          <span aria-hidden="true">{commentCount}</span>
        </Button>
      </div>
      {open ? (
        <CommentPanel id={panelId} checkInId={checkInId} onPosted={() => setCommentCount((n) => n + 1)} />
      ) : null}
    </div>
  );
}

function CommentPanel({ id, checkInId, onPosted }: { id: string; checkInId: number; onPosted: () => void }) {
  const comments = useCheckInComments(checkInId);
  const post = usePostCheckInComment(checkInId);
  const [text, setText] = useState('');
  const fieldId = useId();
  const blank = text.trim().length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank) return;
    post.mutate(text.trim(), {
      onSuccess: () => {
        setText('');
        onPosted();
      },
      onError: (error) => toast.error('Comment not sent', { description: error.message }),
    });
  };

  return (
    <div className="reactions__panel" id={id}>
      {comments.isPending ? (
        <LoadingState compact label="Loading comments" />
      ) : comments.isError ? (
        <ErrorState compact title="Failed to load comments" onRetry={() => void comments.refetch()} />
      ) : comments.data.length === 0 ? (
        <p className="feed-item__address">No comments yet.</p>
      ) : (
        <ul className="reactions__comments" aria-label="Comments">
          {comments.data.map((comment) => (
            <li key={comment.id} className="reactions__comment">
              <Link to={`/profile/${comment.user.username}`} className="feed-item__user">
                {comment.user.name || comment.user.username}
              </Link>{' '}
              <time className="feed-item__time" dateTime={comment.createdAt}>
                {formatRelative(comment.createdAt)}
              </time>
              <p className="reactions__text">{comment.text}</p>
            </li>
          ))}
        </ul>
      )}
      <form className="reactions__form" onSubmit={submit}>
        <label htmlFor={fieldId} className="sr-only">
          Write a comment
        </label>
        <Textarea
          id={fieldId}
          rows={2}
          value={text}
          maxLength={DISCOVERY_LIMITS.commentMax}
          placeholder="Write a comment..."
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" size="sm" disabled={blank} loading={post.isPending}>
          <Send aria-hidden="true" /> Send
        </Button>
      </form>
    </div>
  );
}
