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

/** Flavor and city badges after any change (registration, edit badges). */
export interface UserBadgesChangedEvent {
  userId: number;
  flavorBadges: string[];
  cityBadges: string[];
}

export interface FollowCreatedEvent {
  followerId: number;
  followingId: number;
  createdAt: string;
}

export interface FollowRemovedEvent {
  followerId: number;
  followingId: number;
}

export interface FollowRequestedEvent {
  requesterId: number;
  recipientId: number;
  createdAt: string;
}

export interface BlockChangedEvent {
  blockerId: number;
  blockedId: number;
}

export interface EventMap {
  'identity.user.registered': UserRegisteredEvent;
  'identity.user.updated': UserUpdatedEvent;
  'identity.user.deleted': UserDeletedEvent;
  'identity.user.deactivated': UserDeactivatedEvent;
  'identity.user.badges-changed': UserBadgesChangedEvent;
  'social.follow.created': FollowCreatedEvent;
  'social.follow.removed': FollowRemovedEvent;
  'social.follow.requested': FollowRequestedEvent;
  'social.block.created': BlockChangedEvent;
  'social.block.removed': BlockChangedEvent;
}
