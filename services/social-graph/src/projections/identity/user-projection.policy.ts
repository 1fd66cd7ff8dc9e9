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
  /** identity's user version the profile fields come from (null: from an unversioned event). */
  profileVersion?: number | null;
  /** identity's user version the badges come from (null: none yet, or unversioned). */
  badgesVersion?: number | null;
}

/** When an incoming change happened: its time, and the user's version when the event carries one. */
export interface ChangeStamp {
  occurredAt: Date;
  /** The envelope's aggregateVersion; null on events written before identity versioned users. */
  version: number | null;
}

/** What one aspect of the projection (profile or badges) was last written from. */
export interface AspectStamp {
  syncedAt: Date | null;
  version: number | null;
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
 * Whether a change is newer than what an aspect holds. identity numbers each user's changes in
 * the transaction that makes them, so when both sides carry a version it decides (strictly
 * newer: a change from the same millisecond still orders, a repeat is stale). When either side
 * lacks one (events written before versions existed), the occurredAt rule applies.
 */
export function isNewerChange(incoming: ChangeStamp, stored: AspectStamp): boolean {
  if (incoming.version !== null && stored.version !== null) return incoming.version > stored.version;
  return isNewer(incoming.occurredAt, stored.syncedAt);
}

function stampOf(change: Date | ChangeStamp): ChangeStamp {
  return change instanceof Date ? { occurredAt: change, version: null } : change;
}

/**
 * A profile event (registered or updated) on the stored projection. Turning public accepts the
 * pending requests (see the README); a stale event changes nothing.
 */
export function planProfileEvent(
  stored: StoredProjection | null,
  incoming: ProjectedProfile,
  change: Date | ChangeStamp,
): ProfilePlan {
  if (stored === null) return { applyProfile: true, acceptPendingRequests: false };
  const held = { syncedAt: stored.profileSyncedAt, version: stored.profileVersion ?? null };
  if (!isNewerChange(stampOf(change), held)) return { applyProfile: false, acceptPendingRequests: false };
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
