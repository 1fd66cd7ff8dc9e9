import { useState } from 'react';
import { MapPinCheck } from 'lucide-react';
import type { FeedItemDto } from '@dinebuds/contracts';
import { ToggleChip } from '@/components/ui/chip';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useCurrentUser } from '@/features/auth';
import { useSaveToggle } from '@/features/discover';
import { useFeed } from '../api/get-feed';
import { useStatuses } from '../api/statuses';
import { FeedItem } from './feed-item';
import { ShareStatus, StatusList } from './share-status';
import { UnreviewedVisits } from './unreviewed-visits';

type CheckInFilter = 'all' | 'checkins' | 'statuses';

const FILTERS: { value: CheckInFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'checkins', label: 'Check-ins' },
  { value: 'statuses', label: 'Statuses' },
];

/**
 * The feed's check-ins; "Statuses" keeps those with a status line (statuses posted without a
 * check-in come from the statuses list, mine included, so the feed's are not repeated here).
 */
export function filterCheckIns(items: FeedItemDto[], filter: CheckInFilter): FeedItemDto[] {
  const checkIns = items.filter((item) => item.type === 'checkin');
  if (filter === 'statuses') return checkIns.filter((item) => item.message);
  if (filter === 'checkins') return checkIns.filter((item) => !item.message);
  return checkIns;
}

/**
 * Check Ins (spec 2 §Home Feed, made real): my buds' check-ins and their status lines from the
 * activity feed, with the All / Check-ins / Statuses filter, and statuses posted without a
 * check-in (mine and my buds', "Share a status") under All and Statuses.
 */
export function CheckInsTab() {
  const me = useCurrentUser().data ?? null;
  const feed = useFeed('');
  const saves = useSaveToggle();
  const [filter, setFilter] = useState<CheckInFilter>('all');
  const items = filterCheckIns(feed.data?.pages.flatMap((page) => page.items) ?? [], filter);
  // Shown when loaded; the check-ins never wait for them.
  const statuses = useStatuses();
  const standalone = filter === 'checkins' ? [] : (statuses.data ?? []);

  return (
    <div className="stack">
      {me ? <UnreviewedVisits /> : null}
      {me ? <ShareStatus /> : null}
      <div className="feed__chips" role="group" aria-label="Filter check-ins">
        {FILTERS.map(({ value, label }) => (
          <ToggleChip key={value} selected={filter === value} onToggle={() => setFilter(value)}>
            {label}
          </ToggleChip>
        ))}
      </div>
      {feed.isPending ? (
        <LoadingState label="Loading check-ins" />
      ) : feed.isError && !feed.data ? (
        <ErrorState
          title="Failed to load check-ins. Please try again later."
          onRetry={() => void feed.refetch()}
          retrying={feed.isFetching}
        />
      ) : (
        <>
          {standalone.length > 0 ? <StatusList statuses={standalone} saves={saves} /> : null}
          {items.length === 0 && standalone.length === 0 ? (
            <EmptyState
              icon={<MapPinCheck />}
              title={filter === 'statuses' ? 'No statuses yet' : 'No check-ins yet'}
              description="When your buds check in somewhere, it shows here."
            />
          ) : items.length === 0 ? null : (
            <ol className="feed__items" aria-label="Bud check-ins">
              {items.map((item) => (
                <FeedItem key={item.id} item={item} saves={saves} />
              ))}
            </ol>
          )}
          {feed.hasNextPage ? (
            <Button
              variant="outline"
              className="feed__more"
              loading={feed.isFetchingNextPage}
              onClick={() => void feed.fetchNextPage()}
            >
              Load more
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}
