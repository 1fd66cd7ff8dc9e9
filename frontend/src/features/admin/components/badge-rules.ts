import { BADGE_MESSAGES } from '@dinebuds/contracts';

/** Spec 2: a blank name is refused. */
export function badgeNameProblem(draft: string): string | null {
  return draft.trim() === '' ? BADGE_MESSAGES.nameEmpty : null;
}

/** Spec 2: a non-numeric threshold reads as 0. */
export function thresholdOf(draft: string): number {
  const value = Number(draft.trim());
  return draft.trim() === '' || Number.isNaN(value) ? 0 : value;
}

/** Spec 2: below 1 gives "Threshold must be at least 1"; the server checks the ordering. */
export function thresholdProblem(draft: string): string | null {
  const value = thresholdOf(draft);
  if (value < 1) return BADGE_MESSAGES.thresholdTooLow;
  if (!Number.isInteger(value)) return BADGE_MESSAGES.thresholdNotWhole;
  return null;
}
