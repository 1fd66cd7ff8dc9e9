import type { AdminReviewDto } from '@dinebuds/contracts';

/** "Ann Lee (@ann)", or "User #12" while the reviews service has not heard of the person. */
export function reviewerLabel(review: AdminReviewDto): string {
  return review.user ? `${review.user.name} (@${review.user.username})` : `User #${review.userId}`;
}

/** "Showing all Y reviews" or "Showing X of Y reviews" (spec 2). */
export function reviewCountLabel(shown: number, overall: number): string {
  return shown === overall ? `Showing all ${overall} reviews` : `Showing ${shown} of ${overall} reviews`;
}
