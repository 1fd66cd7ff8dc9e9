import { useMemo, useState } from 'react';
import { Lock, Plus, Search, Utensils } from 'lucide-react';
import { Tabs } from '@/components/ui/tabs';
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
          <Tabs.Trigger className="tabs__trigger" value="map">
            Map
          </Tabs.Trigger>
          <Tabs.Trigger className="tabs__trigger" value="list">
            List
          </Tabs.Trigger>
          {isOwn ? (
            <Tabs.Trigger className="tabs__trigger" value="saved">
              Saved
            </Tabs.Trigger>
          ) : (
            <Tabs.Trigger className="tabs__trigger" value="activity">
              Activity
            </Tabs.Trigger>
          )}
        </Tabs.List>
        <Tabs.Content value="map" className="tabs__content">
          {canSee && reviews.data ? <MapTab reviews={shown} /> : list}
        </Tabs.Content>
        <Tabs.Content value="list" className="tabs__content">
          {list}
        </Tabs.Content>
        {isOwn ? (
          <Tabs.Content value="saved" className="tabs__content">
            <SavedTab userId={userId} search={search} />
          </Tabs.Content>
        ) : (
          <Tabs.Content value="activity" className="tabs__content">
            {canSee ? <ActivityTab userId={userId} search={search} /> : list}
          </Tabs.Content>
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
