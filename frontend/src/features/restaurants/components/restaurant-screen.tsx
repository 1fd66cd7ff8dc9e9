import { lazy, memo, Suspense, useDeferredValue, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import {
  Bookmark,
  BookmarkCheck,
  CalendarDays,
  ExternalLink,
  Globe,
  MapPin,
  Phone,
  Plus,
} from 'lucide-react';
import { toast } from 'sonner';
import type { CurrentUserDto, RestaurantDetailDto } from '@dinebuds/contracts';
import { BackButton } from '@/components/back-button';
import { QueryScreen } from '@/components/query-screen';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/states';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api';
import { formatShortDate } from '@/lib/format';
import { useCurrentUser } from '@/features/auth';
import { CheckInButton } from '@/features/feed';
import { ShareRestaurantButton } from '@/features/messages';
import { LazyAddReviewSheet, Stars } from '@/features/reviews';
import { ReportReviewButton } from '@/features/moderation';
import { screenStateOf, type ScreenState } from '@/lib/screen-state';
import { useRestaurant } from '../api/get-restaurant';
import { useToggleSave } from '../api/toggle-save';
import { AddPhotoButton } from './add-photo-button';
import { AdminRestaurantActions } from './admin-restaurant-actions';
import { mapsSearchLink } from './maps-link';
import { RestaurantMap } from './restaurant-map';
import '../restaurants.css';

// Only a visitor who opens the reservation dialog downloads it.
const ReservationDialog = lazy(() => import('./reservation-dialog'));

function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** `/restaurant/{id}` and `/restaurants/{id}` (spec 2 §Restaurant detail page), public. */
export function RestaurantScreen() {
  const id = parseId(useParams().restaurantId);
  const restaurant = useRestaurant(id ?? 0, id !== null);
  const session = useCurrentUser();
  useDocumentTitle(restaurant.data?.name ?? 'Restaurant');
  // TanStack Query hands an answer to React as a synchronous update: the whole page (header,
  // reviews, buttons) was built in one task when the restaurant arrived, and again when the
  // session did. The page renders from deferred copies instead: the update that brings the answer
  // renders nothing new, and React builds the page in a transition, in slices it can interrupt.
  // Once the page shows this restaurant, a later answer (a save, an edit) renders at once.
  const deferred = useDeferredValue(restaurant.data);
  const data = deferred !== undefined && deferred.id === id ? restaurant.data : deferred;
  const me = useDeferredValue(session.data ?? null);

  // A malformed id is "not found" at once; so are the server's 404 and 400 answers.
  const state: ScreenState<{ data: RestaurantDetailDto }> =
    id === null
      ? { status: 'not-found' }
      : screenStateOf(restaurant, (error) => isApiError(error, 404) || isApiError(error, 400));
  // Until the transition has the answer (or after a move to another restaurant), the spinner stays.
  const shown: ScreenState<{ data: RestaurantDetailDto }> =
    state.status !== 'ready' ? state : data?.id === id ? { status: 'ready', data } : { status: 'loading' };

  return (
    <QueryScreen
      state={shown}
      loadingLabel="Loading restaurant"
      notFoundTitle="Restaurant Not Found"
      notFoundDescription="This restaurant doesn't exist or has been removed."
      errorTitle="Couldn't load this restaurant"
    >
      {({ data: ready }) => <RestaurantView restaurant={ready} me={me} />}
    </QueryScreen>
  );
}

// Memoised: a render of the screen that changes neither the answer nor the session (the
// synchronous update above) does not rebuild the page.
const RestaurantView = memo(function RestaurantView({
  restaurant,
  me,
}: {
  restaurant: RestaurantDetailDto;
  me: CurrentUserDto | null;
}) {
  const toggle = useToggleSave(restaurant.id);
  const [searchParams] = useSearchParams();
  const [adding, setAdding] = useState(false);
  // ?reserve=1 (a "Let's eat" poll's chosen place links here) opens the reservation dialog.
  const [reserving, setReserving] = useState(() => searchParams.get('reserve') === '1');
  const count = restaurant.totalReviews;
  // The photo route lets a reviewer of the place (or an admin) upload; the server checks it again.
  const mayAddPhoto =
    me !== null && (me.isAdmin || restaurant.reviews.some((review) => review.user.id === me.id));
  const photoUrl = restaurant.photoUrl || `/api/restaurants/${restaurant.id}/photo`;

  const onSave = () => {
    if (!me) {
      toast.error('Login required', { description: 'Please log in to save restaurants' });
      return;
    }
    const saving = !restaurant.isSaved;
    toggle.mutate(undefined, {
      onSuccess: (answer) => {
        // Spec 2 §8: the toggle's toasts name the place.
        if (answer.isSaved && saving) toast.success('Restaurant saved', { description: restaurant.name });
        else if (!answer.isSaved && !saving)
          toast.success('Restaurant removed from saved list', { description: restaurant.name });
      },
      // Spec 2 §8, detail page: "Error: Failed to save/unsave restaurant. Please try again."
      onError: () =>
        toast.error('Error', {
          description: saving
            ? 'Failed to save restaurant. Please try again.'
            : 'Failed to unsave restaurant. Please try again.',
        }),
    });
  };

  return (
    <div className="page restaurant">
      <div className="page__toolbar restaurant__toolbar">
        {/* Spec 2: the previous tracked path, else /discover. */}
        <BackButton fallback="/discover" />
        <div className="restaurant__toolbar-actions">
          <ShareRestaurantButton restaurant={{ id: restaurant.id, name: restaurant.name }} />
          <Button
            variant={restaurant.isSaved ? 'secondary' : 'outline'}
            size="sm"
            aria-pressed={restaurant.isSaved}
            disabled={toggle.isPending}
            onClick={onSave}
          >
            {restaurant.isSaved ? <BookmarkCheck aria-hidden="true" /> : <Bookmark aria-hidden="true" />}
            {restaurant.isSaved ? 'Saved' : 'Save'}
          </Button>
        </div>
      </div>

      <header className="card restaurant__header">
        <img
          className="restaurant__photo"
          src={photoUrl}
          alt={`Photo of ${restaurant.name}`}
          width={96}
          height={96}
          // The page's largest element on a phone: fetched ahead of the page's other pictures.
          fetchPriority="high"
        />
        <div className="restaurant__facts">
          <h1 className="restaurant__name">{restaurant.name}</h1>
          <p className="restaurant__address">
            <MapPin aria-hidden="true" />
            <a href={mapsSearchLink(restaurant)} target="_blank" rel="noopener noreferrer">
              {restaurant.address}
              <ExternalLink aria-hidden="true" />
              <span className="sr-only"> (opens maps in a new tab)</span>
            </a>
          </p>
          {/* Cuisine, price range, category, phone and website are an admin's: shown when set. */}
          {restaurant.cuisine || restaurant.priceRange || restaurant.category ? (
            <p className="restaurant__meta">
              {restaurant.cuisine ? <span>{restaurant.cuisine}</span> : null}
              {/* The label carries the range itself: "$$ Mid-range". */}
              {restaurant.priceRangeLabel ? <span>{restaurant.priceRangeLabel}</span> : null}
              {restaurant.category ? <span className="tag">{restaurant.category}</span> : null}
            </p>
          ) : null}
          {restaurant.phone || restaurant.website ? (
            <p className="restaurant__contact">
              {restaurant.phone ? (
                <a href={`tel:${restaurant.phone.replace(/[^\d+]/g, '')}`}>
                  <Phone aria-hidden="true" />
                  {restaurant.phone}
                </a>
              ) : null}
              {restaurant.website ? (
                <a href={restaurant.website} target="_blank" rel="noopener noreferrer">
                  <Globe aria-hidden="true" />
                  {restaurant.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              ) : null}
            </p>
          ) : null}
          {restaurant.averageRating !== null ? (
            <p className="restaurant__rating">
              <Stars rating={Math.round(restaurant.averageRating)} />
              <strong>{restaurant.averageRating.toFixed(1)}</strong>
              <span>
                ({count} {count === 1 ? 'review' : 'reviews'})
              </span>
            </p>
          ) : (
            <p className="restaurant__rating">No reviews yet</p>
          )}
          {restaurant.moodTags.length > 0 ? (
            <ul className="restaurant__moods" aria-label="Mood">
              {restaurant.moodTags.map((tag) => (
                <li key={tag} className="tag">
                  {tag}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </header>

      <div className="restaurant__actions">
        <Button size="sm" onClick={() => setReserving(true)}>
          <CalendarDays aria-hidden="true" />
          Make a Reservation
        </Button>
        {mayAddPhoto ? <AddPhotoButton restaurantId={restaurant.id} /> : null}
        {me ? (
          <CheckInButton
            restaurant={{ id: restaurant.id, name: restaurant.name, address: restaurant.address }}
          />
        ) : null}
        {me?.isAdmin ? <AdminRestaurantActions restaurant={restaurant} /> : null}
      </div>
      {reserving ? (
        <Suspense fallback={null}>
          <ReservationDialog restaurantName={restaurant.name} open onOpenChange={setReserving} />
        </Suspense>
      ) : null}

      <RestaurantMap restaurant={restaurant} />

      <section aria-labelledby="restaurant-reviews-title" className="restaurant__reviews">
        <h2 id="restaurant-reviews-title" className="section-title">
          Reviews
        </h2>
        {restaurant.reviews.length === 0 ? (
          <EmptyState
            compact
            title={count > 0 ? 'No reviews you can see' : 'No reviews yet'}
            description={count > 0 ? 'The reviewers keep their profiles private.' : undefined}
            action={
              me ? (
                <Button onClick={() => setAdding(true)}>Be the first to review</Button>
              ) : (
                <Button asChild variant="outline">
                  <Link to="/auth">Sign in to review</Link>
                </Button>
              )
            }
          />
        ) : (
          <ul className="review-list">
            {restaurant.reviews.map((review) => {
              const name = review.user.name || review.user.username;
              return (
                <li key={review.id} className="card review-card">
                  <Link to={`/profile/${review.user.username}`} className="user-link">
                    <UserAvatar
                      src={review.user.profilePicture}
                      name={review.user.name}
                      username={review.user.username}
                      size="sm"
                    />
                    <span>
                      <span className="user-link__name">{name}</span>{' '}
                      <span className="user-link__handle">@{review.user.username}</span>
                    </span>
                  </Link>
                  <Stars rating={review.rating} />
                  {review.review ? <p className="review-card__notes">{review.review}</p> : null}
                  <p className="review-card__date">{formatShortDate(new Date(review.createdAt))}</p>
                  {me && me.id !== review.user.id ? (
                    <ReportReviewButton reviewId={review.id} describe={`by ${name}`} />
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      {me ? (
        <>
          <Button className="fab" size="icon" aria-label="Add review" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
          </Button>
          <LazyAddReviewSheet
            open={adding}
            onOpenChange={setAdding}
            initial={{ restaurantName: restaurant.name, address: restaurant.address }}
          />
        </>
      ) : null}
    </div>
  );
});
