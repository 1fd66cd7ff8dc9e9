import { useSearchParams } from 'react-router-dom';
import { Tabs } from 'radix-ui';
import { Activity, Inbox, MapPin, X } from 'lucide-react';
import { cityLabel } from '@dinebuds/contracts';
import { CitySearch } from '@/components/city-search';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSaveToggle } from '@/features/discover';
import { useFeed } from '../api/get-feed';
import { FeedItem } from './feed-item';
import { StoriesStrip } from './stories-strip';
import '../feed.css';

/**
 * The home page, / (spec 2 §Home Feed): the stories strip and the Feed tab, what the people I
 * follow did, newest first, with the city filter (kept in the address) and "Load more" by cursor.
 * Live Hotspots and Check Ins join when the server serves check-ins.
 */
export function FeedScreen() {
  useDocumentTitle('Feed');
  const [params, setParams] = useSearchParams();
  const city = params.get('city')?.trim() ?? '';
  const feed = useFeed(city);
  const saves = useSaveToggle();
  const items = feed.data?.pages.flatMap((page) => page.items) ?? [];
  const firstPage = feed.data?.pages[0]?.items ?? [];
  const shownCity = city ? cityLabel(city) : '';

  const setCity = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set('city', next);
        else updated.delete('city');
        return updated;
      },
      { replace: true },
    );

  return (
    <div className="page feed">
      <PageHeader title="Feed" description="See what your buds have been up to" />
      {city === '' ? <StoriesStrip items={firstPage} /> : null}
      <Tabs.Root className="tabs" value="feed">
        <Tabs.List className="tabs__list" aria-label="Home">
          <Tabs.Trigger className="tabs__trigger" value="feed">
            <Activity aria-hidden="true" />
            Feed
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content className="tabs__content stack" value="feed">
          <CitySearch
            label="Filter by city"
            placeholder="Any city..."
            addLabel="Filter"
            onAdd={(name) => {
              if (!name) return false;
              setCity(name);
            }}
          />
          {city ? (
            <p className="feed__filter">
              <MapPin aria-hidden="true" />
              <span>
                Activity in <strong>{shownCity}</strong>
              </span>
              <Button variant="ghost" size="sm" onClick={() => setCity('')}>
                <X aria-hidden="true" /> Show all cities
              </Button>
            </p>
          ) : null}

          {feed.isPending ? (
            <LoadingState label="Loading activity" />
          ) : feed.isError && items.length === 0 ? (
            <ErrorState
              title="Failed to load activity feed. Please try again later."
              onRetry={() => void feed.refetch()}
              retrying={feed.isFetching}
            />
          ) : items.length === 0 ? (
            <EmptyState
              icon={<Inbox />}
              title="No recent activity"
              description={
                city ? `No bud activity in ${shownCity} yet.` : "Your buds haven't posted any activity yet."
              }
            />
          ) : (
            <>
              <ol className="feed__items" aria-label="Bud activity">
                {items.map((item) => (
                  <FeedItem key={item.id} item={item} saves={saves} />
                ))}
              </ol>
              {feed.isFetchNextPageError ? (
                <ErrorState compact title="Failed to load activity feed. Please try again later." />
              ) : null}
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
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
