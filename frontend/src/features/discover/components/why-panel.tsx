import { Link } from 'react-router-dom';
import type { RankedRestaurantDto } from '@dinebuds/contracts';
import { UserAvatar } from '@/components/ui/avatar';
import { Stars } from '@/features/reviews';
import { formatRelative } from '@/lib/format';

/** The server's order keys (RANK_ORDER) in words; an unknown key is shown as sent. */
const ORDER_WORDS: Record<string, string> = {
  'rating desc': 'buds’ rating, highest first',
  'tasteWeightedRating desc': 'taste-weighted rating, highest first',
  'friendReviewCount desc': 'number of buds who reviewed it, most first',
  'latestReviewAt desc': 'newest bud review first',
  'id asc': 'oldest listing first',
  'distanceKm asc (no coordinates last)': 'distance from you, nearest first',
};

const describeOrder = (key: string): string => ORDER_WORDS[key] ?? key;

/**
 * "Why #n?": which of my buds reviewed the place, their stars, when, our taste match, and how the
 * rank was computed. Everything comes from the ranked answer itself (no call per entry).
 */
export function WhyPanel({ entry, id }: { entry: RankedRestaurantDto; id: string }) {
  const { why } = entry;
  const weighted = why.ratingFormula === 'taste-weighted-mean';
  return (
    <div className="why-panel" id={id} role="region" aria-label={`Why #${entry.rank}: ${entry.name}`}>
      <p className="why-panel__summary">{why.summary}</p>
      <h4 className="why-panel__heading">Buds who reviewed it</h4>
      <ul className="why-panel__buds">
        {entry.budReviews.map((review) => {
          const name = review.user.name || review.user.username;
          return (
            <li key={review.user.id} className="why-panel__bud">
              <Link to={`/profile/${review.user.username}`} className="user-link">
                <UserAvatar
                  src={review.user.profilePicture}
                  name={review.user.name}
                  username={review.user.username}
                  size="sm"
                />
                <span className="user-link__name">{name}</span>
              </Link>
              <Stars rating={review.rating} />
              <span className="why-panel__when">
                reviewed <time dateTime={review.reviewedAt}>{formatRelative(review.reviewedAt)}</time>
              </span>
              <span className="why-panel__match">
                {review.tasteMatch === null
                  ? 'Taste match: too few shared places'
                  : `Taste match ${review.tasteMatch}%`}
                {weighted ? ` · weight ${review.weight.toFixed(2)}` : null}
              </span>
            </li>
          );
        })}
      </ul>
      <h4 className="why-panel__heading">How the rank is computed</h4>
      <ul className="why-panel__how">
        <li>
          {weighted
            ? `Rating: taste-weighted mean of ${entry.budReviews.length} bud ${entry.budReviews.length === 1 ? 'rating' : 'ratings'} = ${why.exactRating.toFixed(2)} (weights add up to ${why.weightTotal.toFixed(2)})`
            : `Rating: mean of ${entry.budReviews.length} bud ${entry.budReviews.length === 1 ? 'rating' : 'ratings'} = ${why.exactRating.toFixed(2)}`}
        </li>
        <li>Ordered by {why.orderedBy.map(describeOrder).join(', then ')}</li>
        {why.distanceKm !== null ? <li>{why.distanceKm.toFixed(1)} km from you</li> : null}
        <li>
          #{entry.rank} of {why.outOf}
        </li>
      </ul>
    </div>
  );
}
