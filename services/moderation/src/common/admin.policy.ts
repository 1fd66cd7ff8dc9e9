import { MODERATION_MESSAGES as M, type ModerationPersonDto } from '@dinebuds/contracts';
import { forbidden } from '@dinebuds/errors';

/** Every admin pattern: only a caller identity marks as admin (403 for anyone else). */
export function assertAdmin(caller: { isAdmin: boolean }): void {
  if (!caller.isAdmin) throw forbidden(M.adminsOnly);
}

/** A person's columns as a repository reads them with a LEFT JOIN on the users projection. */
export interface PersonColumns {
  id: number;
  username: string | null;
  name: string | null;
  profilePicture: string | null;
}

/** The person, or null when moderation does not know them (the join found no row). */
export function personOf(columns: PersonColumns): ModerationPersonDto | null {
  if (columns.username === null || columns.name === null) return null;
  return {
    id: columns.id,
    username: columns.username,
    name: columns.name,
    profilePicture: columns.profilePicture,
  };
}

/** An admin's optional note: trimmed, blank reads as none. */
export function decisionReason(reason: string | undefined | null): string | null {
  const trimmed = (reason ?? '').trim();
  return trimmed === '' ? null : trimmed;
}
