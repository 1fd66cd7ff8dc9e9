/** When an identity change happened: identity's user version when the envelope carries one, and its time. */
export interface UserChange {
  occurredAt: Date;
  version: number | null;
}

/**
 * Whether an identity.user.* change is newer than the profile held: by identity's user version
 * when both have one (a repeat or an older one is stale), else by occurredAt.
 */
export function isNewerUserChange(
  incoming: UserChange,
  stored: { version: number | null; syncedAt: Date },
): boolean {
  if (incoming.version !== null && stored.version !== null) return incoming.version > stored.version;
  return incoming.occurredAt.getTime() >= stored.syncedAt.getTime();
}
