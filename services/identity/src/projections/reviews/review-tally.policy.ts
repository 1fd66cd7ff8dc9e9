/** What identity holds of one review (null: no event of it seen yet). */
export interface StoredTally {
  version: number;
  city: string | null;
  deleted: boolean;
}

/** One reviews.review.* event: the review's state after it. */
export interface ReviewChange {
  /** The envelope's aggregateVersion (the review's version). */
  version: number;
  /** created/updated: the review exists with this city; deleted: it no longer counts. */
  exists: boolean;
  city: string | null;
}

/** Where a review counts: for the user's reviewCount and, with a city, for that city. */
export interface Counted {
  city: string | null;
}

export interface TallyPlan {
  apply: boolean;
  before: Counted | null;
  after: Counted | null;
}

/**
 * The effect of a review event on the tallies. Only a newer version applies: a repeated
 * delivery, or an older change arriving after a newer one, changes nothing; a deletion is the
 * last version, so nothing after it brings the review back. Any order of delivery ends in the
 * state of the newest version.
 */
export function planTally(stored: StoredTally | null, change: ReviewChange): TallyPlan {
  if (stored !== null && change.version <= stored.version) return { apply: false, before: null, after: null };
  const before = stored !== null && !stored.deleted ? { city: stored.city } : null;
  const after = change.exists ? { city: change.city } : null;
  return { apply: true, before, after };
}

/** +1 / -1 per city and for the total, from a plan (cities unchanged net to nothing). */
export function tallyDeltas(plan: TallyPlan): { total: number; cities: Map<string, number> } {
  const cities = new Map<string, number>();
  if (!plan.apply) return { total: 0, cities };
  if (plan.before?.city) cities.set(plan.before.city, (cities.get(plan.before.city) ?? 0) - 1);
  if (plan.after?.city) cities.set(plan.after.city, (cities.get(plan.after.city) ?? 0) + 1);
  for (const [city, delta] of cities) if (delta === 0) cities.delete(city);
  return { total: (plan.after ? 1 : 0) - (plan.before ? 1 : 0), cities };
}
