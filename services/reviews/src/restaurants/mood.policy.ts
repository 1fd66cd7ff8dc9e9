import { flavorBudLabel, REVIEW_LIMITS } from '@dinebuds/contracts';
import { placeKey } from './place-key.policy.js';

/** Words in review notes and the mood tag each suggests. */
const MOOD_WORDS: Record<string, string> = {
  cozy: 'Cozy',
  cosy: 'Cozy',
  romantic: 'Romantic',
  date: 'Date night',
  lively: 'Lively',
  buzzing: 'Lively',
  loud: 'Lively',
  quiet: 'Quiet',
  calm: 'Quiet',
  family: 'Family-friendly',
  kids: 'Family-friendly',
  casual: 'Casual',
  trendy: 'Trendy',
  hip: 'Trendy',
  authentic: 'Authentic',
  traditional: 'Authentic',
  spicy: 'Spicy',
  fresh: 'Fresh',
  friendly: 'Friendly staff',
  service: 'Great service',
  view: 'Great view',
  views: 'Great view',
  brunch: 'Brunch spot',
  cheap: 'Good value',
  value: 'Good value',
  affordable: 'Good value',
  elegant: 'Elegant',
  fancy: 'Elegant',
  outdoor: 'Outdoor seating',
  patio: 'Outdoor seating',
  vegan: 'Vegan options',
  vegetarian: 'Vegetarian options',
  delicious: 'Delicious',
  tasty: 'Delicious',
};

/** One recent review as the mood tags read it: its words, its rating and its author's flavor badges. */
export interface MoodSignal {
  userId: number;
  rating: number;
  notes: string | null;
  flavorBadges: readonly string[];
}

/** A rating from which a review counts as its author loving the place. */
export const LOVED_RATING = 4;
/** Reviewers sharing a flavor badge who must love a place before it earns that badge's tag. */
export const BADGE_TAG_MIN_REVIEWERS = 2;

/** 'sushi' -> 'Loved by SushiBuds': what a badge's holders loving a place says about it. */
export function badgeTag(badgeId: string): string {
  return `Loved by ${flavorBudLabel(badgeId)}s`;
}

/** Word tags: per tag, the number of reviews whose notes name it. */
function wordCounts(signals: readonly MoodSignal[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { notes } of signals) {
    if (!notes) continue;
    const seen = new Set<string>();
    for (const word of placeKey(notes).split(' ')) {
      const tag = MOOD_WORDS[word];
      if (tag && !seen.has(tag)) {
        seen.add(tag);
        counts.set(tag, (counts.get(tag) ?? 0) + 1);
      }
    }
  }
  return counts;
}

/** Badge tags: per flavor badge, the distinct reviewers holding it who rated the place 4 or 5. */
function badgeCounts(signals: readonly MoodSignal[]): Map<string, number> {
  const holders = new Map<string, Set<number>>();
  for (const { userId, rating, flavorBadges } of signals) {
    if (rating < LOVED_RATING) continue;
    for (const badge of flavorBadges) {
      const set = holders.get(badge) ?? new Set<number>();
      set.add(userId);
      holders.set(badge, set);
    }
  }
  const counts = new Map<string, number>();
  for (const [badge, users] of holders)
    if (users.size >= BADGE_TAG_MIN_REVIEWERS) counts.set(badgeTag(badge), users.size);
  return counts;
}

/**
 * At most 6 mood tags of the recent reviews: "Highly rated" at an average of 4.5 or more, then
 * word tags (reviews naming cozy, romantic, ...) and badge tags (at least 2 reviewers holding a
 * flavor badge rated the place 4+: "Loved by SushiBuds"), the most counted first; ties keep
 * word tags before badge tags, each in first-seen order. No words or shared badges, no tags:
 * nothing is invented.
 */
export function moodTags(signals: readonly MoodSignal[], averageRating: number | null): string[] {
  const ranked = [...wordCounts(signals), ...badgeCounts(signals)]
    // Array.prototype.sort is stable: equal counts keep the order above.
    .sort((a, b) => b[1] - a[1])
    .map(([tag]) => tag);
  if (averageRating !== null && averageRating >= 4.5) ranked.unshift('Highly rated');
  return ranked.slice(0, REVIEW_LIMITS.moodTagsMax);
}
