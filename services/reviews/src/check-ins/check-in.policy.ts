import { DISCOVERY_LIMITS } from '@dinebuds/contracts';

/** What the check-in rules read of a stored check-in. */
export interface CheckInState {
  isActive: boolean;
  checkedInAt: Date;
}

const OPEN_MS = DISCOVERY_LIMITS.checkInOpenHours * 60 * 60 * 1000;

/** When a check-in closes by itself if nobody checks it out (checkInOpenHours after it began). */
export function closesAt(checkedInAt: Date): Date {
  return new Date(checkedInAt.getTime() + OPEN_MS);
}

/** Open: active (not checked out) and not past its closing time. */
export function isOpen(checkIn: CheckInState, now: Date): boolean {
  return checkIn.isActive && now.getTime() < closesAt(checkIn.checkedInAt).getTime();
}

/** When an active check-in ends if closed now: now, or its closing time when that passed first. */
export function endsAt(checkIn: CheckInState, now: Date): Date {
  const closing = closesAt(checkIn.checkedInAt);
  return closing.getTime() < now.getTime() ? closing : now;
}

/** The stored status line: trimmed, null when blank or absent. */
export function cleanStatus(status: string | null | undefined): string | null {
  const trimmed = status?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}
