import { HeartHandshake } from 'lucide-react';
import { isApiError } from '@/lib/api';
import { useTasteMatch } from '../api/get-taste-match';
import '../discover.css';

interface TasteMatchCardProps {
  userId: number;
  name: string;
  /** False while their reviews are hidden from me (a private profile I do not follow). */
  enabled: boolean;
}

/**
 * Taste match on another person's profile (issue #25): a percentage from the restaurants we both
 * reviewed (docs/api-discovery.md), or how many more shared places it needs.
 */
export function TasteMatchCard({ userId, name, enabled }: TasteMatchCardProps) {
  const match = useTasteMatch(userId, enabled);
  // Refused (private, blocked, gone): the profile itself says why; nothing to add here.
  if (!enabled || (match.isError && (isApiError(match.error, 403) || isApiError(match.error, 404))))
    return null;

  let body;
  if (match.isPending) body = <p className="taste-match__detail">Comparing your reviews…</p>;
  else if (match.isError) body = <p className="taste-match__detail">Taste match is unavailable right now.</p>;
  else {
    const { tasteMatch, sharedRestaurants, minimumShared, meanStarDifference } = match.data;
    const shared = `${sharedRestaurants} ${sharedRestaurants === 1 ? 'restaurant' : 'restaurants'}`;
    body =
      tasteMatch === null ? (
        <p className="taste-match__detail">
          Not enough in common yet: you both reviewed {shared}; a taste match needs {minimumShared}.
        </p>
      ) : (
        <>
          <p className="taste-match__value">{tasteMatch}%</p>
          <p className="taste-match__detail">
            From the {shared} you both reviewed
            {meanStarDifference !== null
              ? `, ${meanStarDifference.toFixed(1)} ${meanStarDifference === 1 ? 'star' : 'stars'} apart on average`
              : ''}
            .
          </p>
        </>
      );
  }

  // The heading stays "Taste match": the profile's own heading is the only one with the name.
  return (
    <section
      className="card taste-match"
      aria-label={`Taste match with ${name}`}
      aria-busy={match.isPending || undefined}
    >
      <HeartHandshake aria-hidden="true" className="taste-match__icon" />
      <div>
        <h2 className="taste-match__title">Taste match</h2>
        {body}
      </div>
    </section>
  );
}
