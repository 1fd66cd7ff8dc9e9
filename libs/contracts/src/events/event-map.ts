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

export interface UserReactivatedEvent {
  userId: number;
}

/**
 * An admin did something in a service other than moderation (deactivated a person, deleted a
 * review, changed a badge threshold, merged restaurants...). The service publishes this in the same
 * transaction as the change; moderation appends it to the audit log once (by `actionId`), so the
 * log lists every admin action wherever it happened.
 */
export interface AdminActionRecordedEvent {
  /** Unique per action (a UUID made by the producer): moderation records each id once. */
  actionId: string;
  /** What was done, e.g. 'user.deactivated' (see AUDIT_ACTIONS). */
  action: string;
  /** The admin who did it. */
  actorId: number;
  /** What it was done to: 'user', 'review', 'restaurant', 'badge', 'message'... */
  targetType: string;
  targetId: number;
  /** The person the action concerns (the review's author, the deactivated person), if any. */
  subjectUserId: number | null;
  /** The admin's "why", when given. */
  reason: string | null;
}

/** Why a user's sessions, or what they may do, changed (for logs). */
export type AccessChangeReason =
  'signed-out' | 'session-revoked' | 'password-changed' | 'role-changed' | 'account-deleted' | 'deactivated';

/**
 * Something a gateway may hold about the user's sessions is no longer true: a session was ended
 * or revoked, or the user's role changed. Gateways drop every session of the user they remember
 * and ask identity again. Every change that ends a session or changes `isAdmin` publishes it.
 */
export interface UserAccessChangedEvent {
  userId: number;
  reason: AccessChangeReason;
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

/** A mute set or lifted by muterId (social.mute.created / removed); only reviews consumes it. */
export interface MuteChangedEvent {
  muterId: number;
  mutedId: number;
}

/**
 * A review after it was written or edited (reviews.review.created / updated). `city` is the
 * restaurant's city key (lower-case, cityKey) or null when unknown: identity counts reviews per
 * city from it.
 */
export interface ReviewChangedEvent {
  reviewId: number;
  userId: number;
  restaurantId: number;
  rating: number;
  city: string | null;
  createdAt: string;
}

/** A review that no longer exists (reviews.review.deleted), with what it counted for. */
export interface ReviewDeletedEvent {
  reviewId: number;
  userId: number;
  restaurantId: number;
  city: string | null;
}

/**
 * A check-in began (reviews.checkin.started, aggregateVersion 1) or ended (reviews.checkin.ended,
 * 2: checked out, replaced by a newer check-in, or closed at its closing time by the reviews
 * service's job, CheckInCloserService).
 */
export interface CheckInChangedEvent {
  checkInId: number;
  userId: number;
  restaurantId: number;
  status: string | null;
  checkedInAt: string;
  checkedOutAt: string | null;
}

/** A like of a check-in given or taken back (reviews.checkin.liked / unliked). */
export interface CheckInLikeChangedEvent {
  checkInId: number;
  ownerId: number;
  userId: number;
  occurredAt: string;
}

/** A status line posted without a check-in (reviews.status.posted; written once). */
export interface StatusPostedEvent {
  statusId: number;
  userId: number;
  text: string;
  createdAt: string;
}

/** A comment written on a check-in (reviews.checkin.commented). */
export interface CheckInCommentedEvent {
  commentId: number;
  checkInId: number;
  ownerId: number;
  userId: number;
  text: string;
  createdAt: string;
}

/** A like of a status given or taken back (reviews.status.liked / unliked). */
export interface StatusLikeChangedEvent {
  statusId: number;
  ownerId: number;
  userId: number;
  occurredAt: string;
}

/** A comment written on a status (reviews.status.commented). */
export interface StatusCommentedEvent {
  commentId: number;
  statusId: number;
  ownerId: number;
  userId: number;
  text: string;
  createdAt: string;
}

/**
 * A comment on a check-in or a status deleted (reviews.checkin.comment-deleted,
 * reviews.status.comment-deleted) by `deletedBy`: its author or the post's owner.
 */
export interface CheckInCommentDeletedEvent {
  commentId: number;
  checkInId: number;
  ownerId: number;
  authorId: number;
  deletedBy: number;
  occurredAt: string;
}
export interface StatusCommentDeletedEvent {
  commentId: number;
  statusId: number;
  ownerId: number;
  authorId: number;
  deletedBy: number;
  occurredAt: string;
}

/** A restaurant added to / removed from a user's saved list. */
export interface RestaurantSaveChangedEvent {
  userId: number;
  restaurantId: number;
  occurredAt: string;
}

/**
 * A message stored in a conversation (messaging.message.sent): by a person's send, or written by
 * the server for a "Let's eat" poll (messageType poll / poll_result).
 */
export interface MessageSentEvent {
  messageId: number;
  senderId: number;
  receiverId: number;
  content: string;
  messageType: string;
  restaurantId: number | null;
  restaurantName: string | null;
  pollId: number | null;
  createdAt: string;
}

/** A receiver reported a message they received (messaging.message.reported): the moderation queue's input. */
export interface MessageReportedEvent {
  messageId: number;
  senderId: number;
  /** The receiver, who reported it. */
  reporterId: number;
  content: string;
  messageType: string;
  reason: string;
  sentAt: string;
  reportedAt: string;
}

/** A reader marked the other person's messages read up to `upToMessageId` (read receipts). */
export interface ConversationReadEvent {
  readerId: number;
  otherUserId: number;
  upToMessageId: number;
  count: number;
  readAt: string;
  /** The stored receipt's id (grows): what a reconnecting stream resumes receipts after. */
  receiptId?: number;
}

/** A "Let's eat" poll proposed in a conversation (messaging.poll.created). */
export interface PollCreatedEvent {
  pollId: number;
  proposerId: number;
  receiverId: number;
  options: { optionId: number; restaurantId: number; restaurantName: string }[];
  createdAt: string;
}

/** The receiver's vote chose a place (messaging.poll.decided). */
export interface PollDecidedEvent {
  pollId: number;
  proposerId: number;
  receiverId: number;
  optionId: number;
  restaurantId: number;
  restaurantName: string;
  decidedAt: string;
}

/**
 * An admin decided a content report (moderation.report.resolved / moderation.report.dismissed).
 * `contentOwnerId` is the reported person or the review's author (null when moderation does not
 * know the review).
 */
/**
 * An admin dismissed the report of a message (moderation.message-report.dismissed): messaging clears
 * the message's reported flag, so the message reads as not reported again.
 */
export interface MessageReportDismissedEvent {
  messageId: number;
  senderId: number;
  reporterId: number;
  dismissedById: number;
  dismissedAt: string;
}

export interface ReportDecidedEvent {
  reportId: number;
  targetType: string;
  targetId: number;
  contentOwnerId: number | null;
  reporterId: number;
  status: 'resolved' | 'dismissed';
  decidedById: number;
  reason: string | null;
  decidedAt: string;
}

/**
 * Every event type with its payload is declared once, in EVENT_CATALOGUE (catalogue.ts); this map
 * is derived from it, so producer and consumers share one definition.
 */
export type { EventMap } from './catalogue.js';
