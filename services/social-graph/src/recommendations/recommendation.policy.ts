import {
  cityLabel,
  type FollowUserDto,
  type FriendRecommendationDto,
  type RecommendationReason,
} from '@dinebuds/contracts';

/**
 * Score of a recommended bud: 3 points per bud of mine who follows them, 2 per flavor badge and
 * 2 per city badge we share. A bud's choice is the strongest signal; a shared taste or city counts
 * per item, so two shared flavors weigh more than one mutual bud.
 */
export const RECOMMENDATION_WEIGHTS = { mutualBud: 3, sharedFlavor: 2, sharedCity: 2 } as const;

export interface RecommendationCandidate {
  user: FollowUserDto & { bio: string | null };
  /** How many of the people I follow follow them. */
  mutualBuds: number;
  /** Flavor badges we both have, in my order. */
  sharedFlavors: string[];
  /** City badges (lower-case keys) we both have, in my order. */
  sharedCities: string[];
}

export function recommendationScore(candidate: Omit<RecommendationCandidate, 'user'>): number {
  return (
    RECOMMENDATION_WEIGHTS.mutualBud * candidate.mutualBuds +
    RECOMMENDATION_WEIGHTS.sharedFlavor * candidate.sharedFlavors.length +
    RECOMMENDATION_WEIGHTS.sharedCity * candidate.sharedCities.length
  );
}

/**
 * The reason shown on the card: the signal that contributes most to the score; on a tie buds
 * first, then flavors, then cities. null when nothing connects us.
 */
export function recommendationReason(
  candidate: Omit<RecommendationCandidate, 'user'>,
): RecommendationReason | null {
  const contributions: Array<[RecommendationReason, number]> = [
    ['followed_by_buds', RECOMMENDATION_WEIGHTS.mutualBud * candidate.mutualBuds],
    ['shared_flavors', RECOMMENDATION_WEIGHTS.sharedFlavor * candidate.sharedFlavors.length],
    ['shared_cities', RECOMMENDATION_WEIGHTS.sharedCity * candidate.sharedCities.length],
  ];
  let best: [RecommendationReason, number] = contributions[0]!;
  for (const entry of contributions) if (entry[1] > best[1]) best = entry;
  return best[1] > 0 ? best[0] : null;
}

/** 'a', 'a and b', 'a, b and c'. */
export function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** 'Followed by 2 of your buds', 'Also loves sushi and vegan', 'Also dines in New York'. */
export function reasonText(
  reason: RecommendationReason,
  candidate: Omit<RecommendationCandidate, 'user'>,
): string {
  switch (reason) {
    case 'followed_by_buds':
      return `Followed by ${candidate.mutualBuds} of your buds`;
    case 'shared_flavors':
      return `Also loves ${joinWords(candidate.sharedFlavors)}`;
    case 'shared_cities':
      return `Also dines in ${joinWords(candidate.sharedCities.map(cityLabel))}`;
  }
}

/** Higher score first; then more mutual buds, more shared badges, lower user id (stable answers). */
export function compareCandidates(a: RecommendationCandidate, b: RecommendationCandidate): number {
  return (
    recommendationScore(b) - recommendationScore(a) ||
    b.mutualBuds - a.mutualBuds ||
    b.sharedFlavors.length + b.sharedCities.length - (a.sharedFlavors.length + a.sharedCities.length) ||
    a.user.id - b.user.id
  );
}

/** Drops candidates with nothing in common, ranks the rest and keeps `limit`. */
export function rankRecommendations(
  candidates: readonly RecommendationCandidate[],
  limit: number,
): FriendRecommendationDto[] {
  const ranked: FriendRecommendationDto[] = [];
  for (const candidate of [...candidates].sort(compareCandidates)) {
    if (ranked.length >= limit) break;
    const reason = recommendationReason(candidate);
    if (reason === null) continue;
    ranked.push({
      user: candidate.user,
      reason,
      reasonText: reasonText(reason, candidate),
      mutualBuds: candidate.mutualBuds,
      sharedFlavors: candidate.sharedFlavors,
      sharedCities: candidate.sharedCities,
    });
  }
  return ranked;
}
