import type { UserRegisteredEvent } from '@dinebuds/contracts';

/** 1x1 transparent PNG. */
export const TINY_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/**
 * `identity.user.registered`'s data for a public, non-admin person without badges: how a test
 * makes a person known to a service's users projection.
 */
export function registeredUser(
  userId: number,
  name: string,
  username = name.toLowerCase(),
): UserRegisteredEvent {
  return {
    userId,
    username,
    name,
    bio: null,
    profilePicture: null,
    isPrivate: false,
    isAdmin: false,
    flavorBadges: [],
    cityBadges: [],
    createdAt: new Date().toISOString(),
  };
}
