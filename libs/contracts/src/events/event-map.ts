/** Event payloads by type. Producer and consumers share these, so a renamed event fails to compile. */

export interface UserSnapshot {
  userId: number;
  username: string;
  name: string;
  bio: string | null;
  profilePicture: string | null;
  isPrivate: boolean;
  isAdmin: boolean;
}

export interface UserRegisteredEvent extends UserSnapshot {
  flavorBadges: string[];
  cityBadges: string[];
  createdAt: string;
}

export type UserUpdatedEvent = UserSnapshot;

export interface UserDeletedEvent {
  userId: number;
}

export interface UserDeactivatedEvent {
  userId: number;
}

export interface EventMap {
  'identity.user.registered': UserRegisteredEvent;
  'identity.user.updated': UserUpdatedEvent;
  'identity.user.deleted': UserDeletedEvent;
  'identity.user.deactivated': UserDeactivatedEvent;
}
