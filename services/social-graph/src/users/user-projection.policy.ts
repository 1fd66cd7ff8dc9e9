import { cityKey, type UserSnapshot } from '@dinebuds/contracts';

/** Profile fields social-graph keeps of an identity user. */
export interface ProjectedProfile {
  username: string;
  name: string;
  bio: string | null;
  profilePicture: string | null;
  isPrivate: boolean;
}

export interface ProjectedBadges {
  flavorBadges: string[];
  cityBadges: string[];
}

/** What the projection holds of a user before an event is applied (null: not known yet). */
export interface StoredProjection {
  isPrivate: boolean;
  profileSyncedAt: Date;
  badgesSyncedAt: Date | null;
}

export interface ProfilePlan {
  /** Write the event's profile fields (insert when the user is new). */
  applyProfile: boolean;
  /** The user is public after this event: pending requests become follows. */
  acceptPendingRequests: boolean;
}

/**
 * Events of one user may be delivered out of order (several in flight, retries): each aspect of
 * the projection remembers the occurredAt of the event it comes from and only a newer (or equally
 * old) event replaces it. identity writes occurredAt inside the transaction holding the user row,
 * so successive changes of one user carry non-decreasing times.
 */
export function isNewer(incoming: Date, stored: Date | null): boolean {
  return stored === null || incoming.getTime() >= stored.getTime();
}

/**
 * A profile event (registered or updated) on the stored projection. Turning public accepts the
 * pending requests (see the README); a stale event changes nothing.
 */
export function planProfileEvent(
  stored: StoredProjection | null,
  incoming: ProjectedProfile,
  occurredAt: Date,
): ProfilePlan {
  if (stored === null) return { applyProfile: true, acceptPendingRequests: false };
  if (!isNewer(occurredAt, stored.profileSyncedAt))
    return { applyProfile: false, acceptPendingRequests: false };
  return { applyProfile: true, acceptPendingRequests: !incoming.isPrivate };
}

export function profileFromSnapshot(snapshot: UserSnapshot): ProjectedProfile {
  return {
    username: snapshot.username,
    name: snapshot.name,
    bio: snapshot.bio ?? null,
    profilePicture: snapshot.profilePicture ?? null,
    isPrivate: snapshot.isPrivate === true,
  };
}

/** Trimmed, lower-case, de-duplicated in order; anything but text is dropped. */
export function normalizeFlavorBadges(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return unique(
    list.filter((item): item is string => typeof item === 'string').map((id) => id.trim().toLowerCase()),
  );
}

/** City keys as identity stores them (lower-case, single-spaced), de-duplicated in order. */
export function normalizeCityBadges(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return unique(list.filter((item): item is string => typeof item === 'string').map(cityKey));
}

export function badgesFrom(event: { flavorBadges?: unknown; cityBadges?: unknown }): ProjectedBadges {
  return {
    flavorBadges: normalizeFlavorBadges(event.flavorBadges),
    cityBadges: normalizeCityBadges(event.cityBadges),
  };
}

function unique(items: string[]): string[] {
  return [...new Set(items.filter((item) => item !== ''))];
}
