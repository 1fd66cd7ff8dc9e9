import { LIMITS, USERNAME_PATTERN, VALIDATION_MESSAGES, hasControlCharacters } from '@dinebuds/contracts';
import { badRequest, DomainError, forbidden } from '@dinebuds/errors';

export const userNotFound = () => new DomainError('USER_NOT_FOUND', 'User not found');

/** The message a violation answers with, or null when the username is acceptable. */
export function usernameProblem(username: string): string | null {
  if (username.length < LIMITS.usernameMin) return VALIDATION_MESSAGES.usernameMin;
  if (username.length > LIMITS.usernameMax) return VALIDATION_MESSAGES.usernameMax;
  if (!USERNAME_PATTERN.test(username)) return VALIDATION_MESSAGES.usernamePattern;
  return null;
}

/** Usernames are stored as typed (trimmed) and compared case-insensitively. */
export function normalizeUsername(raw: string): string {
  return raw.trim();
}

export function assertValidUsername(username: string): void {
  const problem = usernameProblem(username);
  if (problem) throw badRequest(problem);
}

/** Trims and checks a display name. */
export function validName(raw: string): string {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (hasControlCharacters(name)) throw badRequest(VALIDATION_MESSAGES.nameControlCharacters);
  if (name.length < LIMITS.nameMin) throw badRequest(VALIDATION_MESSAGES.nameMin);
  if (name.length > LIMITS.nameMax) throw badRequest(VALIDATION_MESSAGES.nameMax);
  return name;
}

/** Trims a bio; null or blank clears it. */
export function validBio(raw: string | null): string | null {
  if (raw === null) return null;
  const bio = raw.trim();
  if (bio === '') return null;
  if (hasControlCharacters(bio, true)) throw badRequest(VALIDATION_MESSAGES.bioControlCharacters);
  if (bio.length > LIMITS.bioMax) throw badRequest(VALIDATION_MESSAGES.bioMax);
  return bio;
}

/** A generated bio may exceed the limit with long custom city names: cut it at a word. */
export function fitBio(bio: string): string {
  if (bio.length <= LIMITS.bioMax) return bio;
  const cut = bio.slice(0, LIMITS.bioMax - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > 40 ? cut.slice(0, space) : cut).replace(/[ ,]+$/, '')}…`;
}

export const OWN_PROFILE_ONLY = 'You can only change your own profile';

/** Profile, picture, badges and password: only the owner. */
export function assertOwner(callerId: number, userId: number, message = OWN_PROFILE_ONLY): void {
  if (callerId !== userId) throw forbidden(message);
}

/** Privacy may also be toggled by an admin (moderation). */
export function assertOwnerOrAdmin(caller: { userId: number; isAdmin: boolean }, userId: number): void {
  if (caller.userId !== userId && !caller.isAdmin) throw forbidden(OWN_PROFILE_ONLY);
}

/** Escapes LIKE wildcards so a search for 'a_b' or '50%' matches literally. */
export function likeContains(query: string): string {
  return `%${query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
