/**
 * Whether a reviews.review.* change applies to the stored review: always when either side has no
 * version (unversioned events, applied once by the inbox), else only when newer; nothing applies
 * after the review's deletion but a newer deletion.
 */
export function appliesToReview(
  stored: { version: number | null; deletedAt: Date | null } | null,
  incoming: { version: number | null; deletion: boolean },
): boolean {
  if (!stored) return true;
  if (stored.deletedAt !== null && !incoming.deletion) return false;
  if (stored.version === null || incoming.version === null) return true;
  return incoming.version > stored.version;
}
