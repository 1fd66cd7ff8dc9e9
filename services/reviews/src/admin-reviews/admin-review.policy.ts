import { REVIEW_MESSAGES } from '@dinebuds/contracts';
import { forbidden } from '@dinebuds/errors';

/**
 * Who may delete a review: its author, or an admin (moderation). Answers whether it is an admin
 * removing someone else's review, which is then recorded for the audit log.
 */
export function deletionByAdmin(caller: { userId: number; isAdmin: boolean }, authorId: number): boolean {
  if (caller.userId === authorId) return false;
  if (!caller.isAdmin) throw forbidden(REVIEW_MESSAGES.ownReviewsOnly);
  return true;
}

/** The search text as the repository matches it: trimmed, lower-case, blank reads as none. */
export function searchKey(search: string | undefined): string | null {
  const key = (search ?? '').trim().toLowerCase();
  return key === '' ? null : key;
}
