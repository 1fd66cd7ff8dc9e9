import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Heart, MessageCircle, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { DISCOVERY_LIMITS, type FeedReactionsDto } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useCurrentUser } from '@/features/auth';
import { formatRelative } from '@/lib/format';
import { useComments, useDeleteComment, usePostComment, useToggleLike, type Post } from '../api/reactions';
import { TextPostForm } from './text-post-form';

interface PostReactionsProps {
  post: Post;
  reactions: FeedReactionsDto;
  /** Whose post, for the buttons' names, and whether I may delete every comment on it. */
  owner: { id: number; name: string };
}

const NOUN: Record<Post['kind'], string> = { 'check-ins': 'check-in', statuses: 'status' };

/**
 * Likes (toggle, count ±1 at once, then the server's count; undone on failure) and the comment
 * panel of one check-in or status (issue #25: stored on the server, not the spec's demo).
 */
export function PostReactions({ post, reactions, owner }: PostReactionsProps) {
  const [like, setLike] = useState({ liked: reactions.likedByMe, count: reactions.likeCount });
  const [commentCount, setCommentCount] = useState(reactions.commentCount);
  const [open, setOpen] = useState(false);
  const toggle = useToggleLike(post);
  const panelId = useId();
  const noun = NOUN[post.kind];

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
          aria-label={`Like ${owner.name}'s ${noun}, ${like.count} ${like.count === 1 ? 'like' : 'likes'}`}
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
          aria-label={`Comments on ${owner.name}'s ${noun}, ${commentCount}`}
          onClick={() => setOpen((value) => !value)}
        >
          <MessageCircle aria-hidden="true" />
          <span aria-hidden="true">{commentCount}</span>
        </Button>
      </div>
      {open ? (
        <CommentPanel
          id={panelId}
          post={post}
          ownerId={owner.id}
          onCountChange={(delta) => setCommentCount((n) => n + delta)}
        />
      ) : null}
    </div>
  );
}

function CommentPanel({
  id,
  post,
  ownerId,
  onCountChange,
}: {
  id: string;
  post: Post;
  ownerId: number;
  onCountChange: (delta: number) => void;
}) {
  const me = useCurrentUser().data ?? null;
  const comments = useComments(post);
  const send = usePostComment(post);
  const remove = useDeleteComment(post);
  // The server decides; the button shows only where it would agree (my comment, or my post).
  const mayDelete = (authorId: number) => me !== null && (me.id === authorId || me.id === ownerId);

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
              {mayDelete(comment.user.id) ? (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Delete comment by ${comment.user.name || comment.user.username}`}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(comment.id, {
                      onSuccess: () => onCountChange(-1),
                      onError: (error) => toast.error('Comment not deleted', { description: error.message }),
                    })
                  }
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              ) : null}
              <p className="reactions__text">{comment.text}</p>
            </li>
          ))}
        </ul>
      )}
      <TextPostForm
        label="Write a comment"
        placeholder="Write a comment..."
        maxLength={DISCOVERY_LIMITS.commentMax}
        submitLabel="Send"
        send={send}
        onSent={() => onCountChange(1)}
        failTitle="Comment not sent"
      />
    </div>
  );
}
