import { useMemo, useState } from 'react';
import { Lock, Plus, Search, Utensils } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { TabPanel, useTabIds } from '@/components/ui/tab-panel';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { isApiError } from '@/lib/api';
import { useCurrentUser } from '@/features/auth';
import { LazyAddReviewSheet, ReviewCard, useUserReviews } from '@/features/reviews';
import { matchesCity } from './city-filter';
import { ActivityTab } from './activity-tab';
import { MapTab } from './map-tab';
import { SavedTab } from './saved-tab';

interface ProfileReviewsProps {
  userId: number;
  isOwn: boolean;
  /** False when the server would refuse (a private profile the viewer does not follow). */
  canSee: boolean;
}

/**
 * Spec 1 §Profile: the city search and the tabs (Map, List; Saved on one's own, Activity on
 * others'), plus the own profile's add-review button.
 */
export function ProfileReviews({ userId, isOwn, canSee }: ProfileReviewsProps) {
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const [tab, setTab] = useState('list');
  const tabIds = useTabIds();
  const reviews = useUserReviews(userId, canSee);
  const { data: viewer } = useCurrentUser();
  const shown = useMemo(
    () => (reviews.data ?? []).filter((review) => matchesCity(review.restaurant, search)),
    [reviews.data, search],
  );

  let list;
  if (!canSee || isApiError(reviews.error, 403)) {
    list = <EmptyState compact icon={<Lock />} title="This profile is private" />;
  } else if (reviews.isPending) {
    list = <LoadingState compact label="Loading reviews" />;
  } else if (reviews.isError) {
    list = (
      <ErrorState
        compact
        title="Couldn't load reviews"
        message={reviews.error.message}
        onRetry={() => void reviews.refetch()}
        retrying={reviews.isRefetching}
      />
    );
  } else if (shown.length === 0) {
    list = (
      <EmptyState
        compact
        icon={<Utensils />}
        title={search.trim() ? `No rated restaurants in ${search.trim()}` : 'No rated restaurants'}
      />
    );
  } else {
    list = (
      <ul className="review-list" aria-label="Reviews">
        {shown.map((review) => (
          <ReviewCard key={review.id} review={review} isOwn={isOwn} canReport={Boolean(viewer) && !isOwn} />
        ))}
      </ul>
    );
  }

  return (
    <section className="profile-reviews" aria-labelledby="profile-reviews-title">
      <h2 id="profile-reviews-title" className="section-title">
        Reviews
      </h2>
      <div className="city-filter">
        <Search aria-hidden="true" />
        <Input
          type="search"
          aria-label="Search any city"
          placeholder="Search any city..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <Tabs.Root className="tabs" value={tab} onValueChange={setTab}>
        <Tabs.List className="tabs__list tabs__list--full" aria-label="Reviews">
          <Tabs.Trigger className="tabs__trigger" value="map" {...tabIds.trigger('map')}>
            Map
          </Tabs.Trigger>
          <Tabs.Trigger className="tabs__trigger" value="list" {...tabIds.trigger('list')}>
            List
          </Tabs.Trigger>
          {isOwn ? (
            <Tabs.Trigger className="tabs__trigger" value="saved" {...tabIds.trigger('saved')}>
              Saved
            </Tabs.Trigger>
          ) : (
            <Tabs.Trigger className="tabs__trigger" value="activity" {...tabIds.trigger('activity')}>
              Activity
            </Tabs.Trigger>
          )}
        </Tabs.List>
        <TabPanel className="tabs__content" selected={tab === 'map'} {...tabIds.panel('map')}>
          {canSee && reviews.data ? <MapTab reviews={shown} /> : list}
        </TabPanel>
        <TabPanel className="tabs__content" selected={tab === 'list'} {...tabIds.panel('list')}>
          {list}
        </TabPanel>
        {isOwn ? (
          <TabPanel className="tabs__content" selected={tab === 'saved'} {...tabIds.panel('saved')}>
            <SavedTab userId={userId} search={search} />
          </TabPanel>
        ) : (
          <TabPanel className="tabs__content" selected={tab === 'activity'} {...tabIds.panel('activity')}>
            {canSee ? <ActivityTab userId={userId} search={search} /> : list}
          </TabPanel>
        )}
      </Tabs.Root>
      {isOwn ? (
        <>
          <Button className="fab" size="icon" aria-label="Add review" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
          </Button>
          <LazyAddReviewSheet open={adding} onOpenChange={setAdding} />
        </>
      ) : null}
    </section>
  );
}
