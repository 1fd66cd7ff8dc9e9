import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Compass, Lightbulb, MapPin, SearchX, Sparkles, Users } from 'lucide-react';
import { DISCOVERY_LIMITS, cityLabel, type RecommendationDto } from '@dinebuds/contracts';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useRestaurantRecommendations } from '../api/get-recommendations';
import { useSaveToggle } from '../api/toggle-saved';
import { budReviewLabel, ratingTone } from './rank-badge';
import { SaveButton } from './save-button';
import { SearchBox } from './search-box';

const SEARCH_DEBOUNCE_MS = 300;

/** A server reason ('buds', 'flavor:sushi', 'cuisine:Thai', 'city:Boston') in words. */
export function describeReason(reason: string): string {
  const [kind, ...rest] = reason.split(':');
  const value = rest.join(':');
  if (kind === 'buds') return 'Your buds rated it';
  if (kind === 'flavor') return `Fits your ${value} badge`;
  if (kind === 'cuisine') return `You like ${value}`;
  if (kind === 'city') return `In ${cityLabel(value)}`;
  return reason;
}

/**
 * Recommendations (spec 2 §2): "Recommended For You", the location search with its "No Matches
 * Found", up to 6 cards, the empty and failure states and the two explanatory cards.
 */
export function RecommendationsTab() {
  const [text, setText] = useState('');
  const trimmed = text.trim();
  const debounced = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  const recommendations = useRestaurantRecommendations(debounced);
  const saves = useSaveToggle();
  const items = (recommendations.data ?? []).slice(0, DISCOVERY_LIMITS.recommendationsMax);

  return (
    <div className="stack recommendations">
      <header>
        <h2 className="section-title">Recommended For You</h2>
        <p className="discover-hint">Based on your preferences and activity</p>
      </header>
      <SearchBox
        label="Filter by location"
        placeholder="Filter by city or address..."
        value={text}
        onChange={setText}
        maxLength={DISCOVERY_LIMITS.locationMax}
        busy={trimmed !== debounced}
      />
      {recommendations.isPending ? (
        <LoadingState label="Loading recommendations" />
      ) : recommendations.isError ? (
        <ErrorState
          title="Unable to load recommendations at this time."
          onRetry={() => void recommendations.refetch()}
          retrying={recommendations.isFetching}
        />
      ) : items.length === 0 ? (
        debounced ? (
          <EmptyState
            icon={<SearchX />}
            title="No Matches Found"
            description={`No restaurants found in "${debounced}". Try a different city name or clear the search.`}
          />
        ) : (
          <EmptyState
            icon={<Sparkles />}
            title="No Recommendations Yet"
            description="Add more restaurant reviews or connect with more buds to get personalized recommendations."
          />
        )
      ) : (
        <ul className="recommendations__grid" aria-label="Recommended restaurants">
          {items.map((item) => (
            <RecommendationCard key={item.id} item={item} saves={saves} />
          ))}
        </ul>
      )}
      <div className="recommendations__about">
        <Card>
          <CardHeader
            as="h3"
            icon={<Lightbulb />}
            title="Dining Intelligence"
            description="Places your buds rated highly, places that fit your flavor and city badges, and cuisines you rated 4 or 5 stars, leaving out places you already reviewed."
          />
        </Card>
        <Card>
          <CardHeader
            as="h3"
            icon={<Compass />}
            title="Discover More"
            description="Review more restaurants and follow buds whose taste you trust: every review makes these suggestions sharper."
          />
        </Card>
      </div>
    </div>
  );
}

function RecommendationCard({
  item,
  saves,
}: {
  item: RecommendationDto;
  saves: ReturnType<typeof useSaveToggle>;
}) {
  return (
    <li className="card recommendation-card">
      <img className="recommendation-card__photo" src={item.photoUrl} alt="" width={320} height={160} />
      <div className="recommendation-card__body">
        <h3 className="recommendation-card__name">
          <Link to={`/restaurants/${item.id}`}>{item.name}</Link>
        </h3>
        <p className="recommendation-card__address">
          <MapPin aria-hidden="true" />
          {item.address}
        </p>
        <p className="recommendation-card__rating">
          {item.averageRating !== null ? (
            <strong className={`rating rating--${ratingTone(item.averageRating)}`}>
              {item.averageRating.toFixed(1)} ★
            </strong>
          ) : (
            <strong className="rating rating--none">New</strong>
          )}
          <span>
            {item.totalReviews} {item.totalReviews === 1 ? 'review' : 'reviews'}
          </span>
          {item.budReviewCount > 0 ? (
            <span className="tag">
              <Users aria-hidden="true" />
              {budReviewLabel(item.budReviewCount)}
            </span>
          ) : null}
        </p>
        {item.reasons.length > 0 ? (
          <ul className="recommendation-card__reasons" aria-label="Why it is recommended">
            {item.reasons.map((reason) => (
              <li key={reason} className="tag">
                {describeReason(reason)}
              </li>
            ))}
          </ul>
        ) : null}
        <SaveButton
          name={item.name}
          saved={saves.isSaved(item.id, item.isSaved)}
          busy={saves.isPending(item.id)}
          onToggle={() => saves.toggle({ id: item.id, name: item.name }, item.isSaved)}
        />
      </div>
    </li>
  );
}
