import { REVIEW_MESSAGES } from '@dinebuds/contracts';
import { forbidden } from '@dinebuds/errors';

/** Only the author edits or deletes a review (admin moderation is a separate route). */
export function assertAuthor(callerId: number, authorId: number): void {
  if (callerId !== authorId) throw forbidden(REVIEW_MESSAGES.ownReviewsOnly);
}

/** The original client sends its own userId with a review: when present it must be the caller. */
export function assertClaimedAuthor(callerId: number, claimed: number | undefined): void {
  if (claimed !== undefined && claimed !== callerId) throw forbidden(REVIEW_MESSAGES.ownReviewsOnly);
}

/** Blank notes are no notes. */
export function cleanNotes(notes: string | null | undefined): string | null {
  if (notes === undefined || notes === null) return null;
  const trimmed = notes.trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * A field of an edit: absent keeps the stored value; null (or blank text) clears an optional one.
 */
export function edited<T>(incoming: T | undefined, stored: T): T {
  return incoming === undefined ? stored : incoming;
}
