import { useDeferredValue } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Tabs } from '@/components/ui/tabs';
import { Activity, Flame, Inbox, MapPin, MapPinCheck, X } from 'lucide-react';
import { cityLabel } from '@dinebuds/contracts';
import { CitySearch } from '@/components/city-search';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSaveToggle } from '@/features/discover';
import { useFeed } from '../api/get-feed';
import { CheckInsTab } from './check-ins-tab';
import { FeedItem } from './feed-item';
import { HotspotsTab } from './hotspots-tab';
import { StoriesStrip } from './stories-strip';
import '../feed.css';

type HomeTab = 'feed' | 'hotspots' | 'checkins';

/** Spec 2 §Home Feed: the header follows the tab. */
const HEADERS: Record<HomeTab, { title: string; description: string }> = {
  feed: { title: 'Feed', description: 'See what your buds have been up to' },
  hotspots: { title: 'Live Hotspots', description: 'Where your buds are eating right now' },
  checkins: { title: 'Check Ins', description: 'Where your buds checked in and what they said' },
};

/**
 * The home page, / (spec 2 §Home Feed): the stories strip; the Feed tab, what the people I follow
 * did, newest first, with the city filter and "Load more" by cursor; Live Hotspots and Check Ins.
 * The tab and the city live in the address (?tab=, ?city=). The route is for signed-in users only.
 */
export function FeedScreen() {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: HomeTab = tabParam === 'hotspots' || tabParam === 'checkins' ? tabParam : 'feed';
  useDocumentTitle(HEADERS[tab].title);
  const city = params.get('city')?.trim() ?? '';
  const feed = useFeed(city);
  const saves = useSaveToggle();
  // TanStack Query hands the answer to React as a synchronous update: the whole list (each item
  // with its links, reactions and save button) was built in one task on arrival. The list renders
  // from a deferred copy: React builds it in a transition, in slices it can interrupt.
  const shown = useDeferredValue(feed.data);
  const items = shown?.pages.flatMap((page) => page.items) ?? [];
  const arriving = feed.data !== undefined && shown === undefined;
  const shownCity = city ? cityLabel(city) : '';

  const setParam = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (value) updated.set(key, value);
        else updated.delete(key);
        return updated;
      },
      { replace: true },
    );
  const setCity = (next: string) => setParam('city', next || null);

  return (
    <div className="page feed">
      <PageHeader title={HEADERS[tab].title} description={HEADERS[tab].description} />
      <StoriesStrip />
      <Tabs.Root
        className="tabs"
        value={tab}
        onValueChange={(value) => setParam('tab', value === 'feed' ? null : value)}
      >
        <Tabs.List className="tabs__list tabs__list--full" aria-label="Home">
          <Tabs.Trigger className="tabs__trigger" value="feed">
            <Activity aria-hidden="true" />
            Feed
          </Tabs.Trigger>
          <Tabs.Trigger className="tabs__trigger" value="hotspots">
            <Flame aria-hidden="true" />
            Live Hotspots
          </Tabs.Trigger>
          <Tabs.Trigger className="tabs__trigger" value="checkins">
            <MapPinCheck aria-hidden="true" />
            Check Ins
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="feed" className="tabs__content stack">
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

          {feed.isPending || arriving ? (
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
        <Tabs.Content value="hotspots" className="tabs__content">
          <HotspotsTab />
        </Tabs.Content>
        <Tabs.Content value="checkins" className="tabs__content">
          <CheckInsTab />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
