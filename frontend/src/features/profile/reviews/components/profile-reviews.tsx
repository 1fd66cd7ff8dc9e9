import { useMemo, useState } from 'react';
import { Lock, Plus, Search, Utensils } from 'lucide-react';
import type { ReviewDto } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { isApiError } from '@/lib/api';
import { useUserReviews } from '@/lib/reviews';
import { AddReviewSheet } from '@/components/add-review-sheet';
import { ReviewCard } from './review-card';

interface ProfileReviewsProps {
  userId: number;
  isOwn: boolean;
  /** False when the server would refuse (a private profile the viewer does not follow). */
  canSee: boolean;
}

/** The city box filters by the restaurant's city, or its address when no city is known. */
export function matchesCity(review: ReviewDto, search: string): boolean {
  const text = search.trim().toLowerCase();
  if (!text) return true;
  const city = review.restaurant.city ?? review.restaurant.address;
  return city.toLowerCase().includes(text);
}

/** Spec 1 §Profile: the city search and the List tab, plus the own profile's add-review button. */
export function ProfileReviews({ userId, isOwn, canSee }: ProfileReviewsProps) {
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const reviews = useUserReviews(userId, canSee);
  const shown = useMemo(
    () => (reviews.data ?? []).filter((review) => matchesCity(review, search)),
    [reviews.data, search],
  );

  let body;
  if (!canSee || isApiError(reviews.error, 403)) {
    body = <EmptyState compact icon={<Lock />} title="This profile is private" />;
  } else if (reviews.isPending) {
    body = <LoadingState compact label="Loading reviews" />;
  } else if (reviews.isError) {
    body = (
      <ErrorState
        compact
        title="Couldn't load reviews"
        message={reviews.error.message}
        onRetry={() => void reviews.refetch()}
        retrying={reviews.isRefetching}
      />
    );
  } else if (shown.length === 0) {
    body = (
      <EmptyState
        compact
        icon={<Utensils />}
        title={search.trim() ? `No rated restaurants in ${search.trim()}` : 'No rated restaurants'}
      />
    );
  } else {
    body = (
      <ul className="review-list" aria-label="Reviews">
        {shown.map((review) => (
          <ReviewCard key={review.id} review={review} isOwn={isOwn} />
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
      {body}
      {isOwn ? (
        <>
          <Button className="fab" size="icon" aria-label="Add review" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
          </Button>
          <AddReviewSheet open={adding} onOpenChange={setAdding} />
        </>
      ) : null}
    </section>
  );
}
