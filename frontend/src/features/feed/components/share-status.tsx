import { toast } from 'sonner';
import { DISCOVERY_LIMITS, type FeedItemDto, type StatusDto } from '@dinebuds/contracts';
import type { useSaveToggle } from '@/features/discover';
import { usePostStatus } from '../api/statuses';
import { FeedItem } from './feed-item';
import { TextPostForm } from './text-post-form';

/**
 * "Share a status" (spec 2's Check Ins tab has a Statuses filter but says nothing of where one is
 * posted): a line for my followers without checking in anywhere.
 */
export function ShareStatus() {
  const post = usePostStatus();
  return (
    <TextPostForm
      className="share-status"
      label="Share a status"
      placeholder="Share a status..."
      maxLength={DISCOVERY_LIMITS.statusMax}
      submitLabel="Share"
      send={post}
      onSent={() => toast.success('Status shared')}
      failTitle="Status not shared"
    />
  );
}

/** A status as the feed answers it (no restaurant), so one component shows it everywhere. */
export function statusFeedItem(status: StatusDto): FeedItemDto {
  return {
    id: `status-${status.id}`,
    type: 'status',
    user: status.user,
    restaurantId: null,
    restaurant: null,
    createdAt: status.createdAt,
    rating: null,
    message: status.text,
    reactions: status.reactions,
  };
}

/** Statuses posted without a check-in, newest first, with their likes and comments. */
export function StatusList({
  statuses,
  saves,
}: {
  statuses: StatusDto[];
  saves: ReturnType<typeof useSaveToggle>;
}) {
  return (
    <ol className="feed__items" aria-label="Bud statuses">
      {statuses.map((status) => (
        <FeedItem key={status.id} item={statusFeedItem(status)} saves={saves} />
      ))}
    </ol>
  );
}
