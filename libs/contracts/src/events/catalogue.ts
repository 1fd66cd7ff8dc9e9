import type {
  BlockChangedEvent,
  CheckInChangedEvent,
  CheckInCommentedEvent,
  CheckInCommentDeletedEvent,
  StatusPostedEvent,
  StatusLikeChangedEvent,
  StatusCommentedEvent,
  StatusCommentDeletedEvent,
  CheckInLikeChangedEvent,
  ConversationReadEvent,
  FollowCreatedEvent,
  FollowRemovedEvent,
  FollowRequestedEvent,
  MessageReportedEvent,
  MessageReportDismissedEvent,
  MessageSentEvent,
  MuteChangedEvent,
  PollCreatedEvent,
  PollDecidedEvent,
  ReportDecidedEvent,
  RestaurantSaveChangedEvent,
  ReviewChangedEvent,
  ReviewDeletedEvent,
  UserAccessChangedEvent,
  UserBadgesChangedEvent,
  UserDeactivatedEvent,
  UserReactivatedEvent,
  AdminActionRecordedEvent,
  UserDeletedEvent,
  UserRegisteredEvent,
  UserUpdatedEvent,
} from './event-map.js';

/**
 * What the catalogue knows of one event type. `P` is the payload type (carried by the phantom
 * `payload` field, never set at run time).
 */
export interface EventDefinition<P> {
  /** The aggregate the event is about, e.g. 'user'. */
  readonly aggregate: string;
  /** The payload field holding the aggregate's id. */
  readonly aggregateIdField: keyof P & string;
  /**
   * True when the producer numbers the aggregate's changes: the envelope then carries
   * `aggregateVersion`, and consumers order changes of one aggregate by it.
   */
  readonly versioned: boolean;
  /** Version of the payload shape (the envelope's `version`); bump on a breaking payload change. */
  readonly schemaVersion: number;
  readonly payload?: P;
}

/** Typed definition helper: `event<Payload>()({ ... })` keeps the payload type with the entry. */
function event<P>() {
  return <const D extends Omit<EventDefinition<P>, 'payload'>>(definition: D): D & EventDefinition<P> =>
    definition;
}

/**
 * The event catalogue: every domain event type, its payload, its aggregate and the version of
 * its shape. Add an event here (and bind its consumers in EVENT_TOPOLOGY) and every producer and
 * consumer sees it; a renamed event fails to compile.
 */
export const EVENT_CATALOGUE = {
  'identity.user.registered': event<UserRegisteredEvent>()({
    aggregate: 'user',
    aggregateIdField: 'userId',
    versioned: true,
    schemaVersion: 1,
  }),
  'identity.user.updated': event<UserUpdatedEvent>()({
    aggregate: 'user',
    aggregateIdField: 'userId',
    versioned: true,
    schemaVersion: 1,
  }),
  'identity.user.deleted': event<UserDeletedEvent>()({
    aggregate: 'user',
    aggregateIdField: 'userId',
    versioned: true,
    schemaVersion: 1,
  }),
  'identity.user.deactivated': event<UserDeactivatedEvent>()({
    aggregate: 'user',
    aggregateIdField: 'userId',
    versioned: true,
    schemaVersion: 1,
  }),
  'identity.user.reactivated': event<UserReactivatedEvent>()({
    aggregate: 'user',
    aggregateIdField: 'userId',
    versioned: true,
    schemaVersion: 1,
  }),
  'identity.user.badges-changed': event<UserBadgesChangedEvent>()({
    aggregate: 'user',
    aggregateIdField: 'userId',
    versioned: true,
    schemaVersion: 1,
  }),
  // Not a change of the user's data: a notice to every gateway process that the sessions it
  // remembers for this user may be stale (fan-out to listeners, no durable queue wants it).
  'identity.user.access-changed': event<UserAccessChangedEvent>()({
    aggregate: 'user',
    aggregateIdField: 'userId',
    versioned: false,
    schemaVersion: 1,
  }),
  // A follow edge (follower, following) is numbered by social-graph's per-pair counter: +1 per
  // follow and per unfollow, so a consumer applies an edge's changes in order and ignores an
  // older one arriving late (a re-follow after an unfollow is newer). Follow requests and blocks
  // are sets applied once (inbox) and carry no version.
  'social.follow.created': event<FollowCreatedEvent>()({
    aggregate: 'follow',
    aggregateIdField: 'followerId',
    versioned: true,
    schemaVersion: 1,
  }),
  'social.follow.removed': event<FollowRemovedEvent>()({
    aggregate: 'follow',
    aggregateIdField: 'followerId',
    versioned: true,
    schemaVersion: 1,
  }),
  'social.follow.requested': event<FollowRequestedEvent>()({
    aggregate: 'follow-request',
    aggregateIdField: 'requesterId',
    versioned: false,
    schemaVersion: 1,
  }),
  'social.block.created': event<BlockChangedEvent>()({
    aggregate: 'block',
    aggregateIdField: 'blockerId',
    versioned: false,
    schemaVersion: 1,
  }),
  'social.block.removed': event<BlockChangedEvent>()({
    aggregate: 'block',
    aggregateIdField: 'blockerId',
    versioned: false,
    schemaVersion: 1,
  }),
  // A mute is a set like blocks (applied once by the inbox). Only reviews consumes it: the muted
  // person's content leaves the muter's discovery reads; nothing the muted person reads changes.
  'social.mute.created': event<MuteChangedEvent>()({
    aggregate: 'mute',
    aggregateIdField: 'muterId',
    versioned: false,
    schemaVersion: 1,
  }),
  'social.mute.removed': event<MuteChangedEvent>()({
    aggregate: 'mute',
    aggregateIdField: 'muterId',
    versioned: false,
    schemaVersion: 1,
  }),
  // A review is numbered by its own version (1 when written, +1 per edit, +1 for the deletion):
  // a consumer keeps the version it applied per review and ignores older or repeated ones.
  'reviews.review.created': event<ReviewChangedEvent>()({
    aggregate: 'review',
    aggregateIdField: 'reviewId',
    versioned: true,
    schemaVersion: 1,
  }),
  'reviews.review.updated': event<ReviewChangedEvent>()({
    aggregate: 'review',
    aggregateIdField: 'reviewId',
    versioned: true,
    schemaVersion: 1,
  }),
  'reviews.review.deleted': event<ReviewDeletedEvent>()({
    aggregate: 'review',
    aggregateIdField: 'reviewId',
    versioned: true,
    schemaVersion: 1,
  }),
  // A user's saved list is one aggregate: each save or removal increments the user's save version.
  'reviews.restaurant.saved': event<RestaurantSaveChangedEvent>()({
    aggregate: 'saved-list',
    aggregateIdField: 'userId',
    versioned: true,
    schemaVersion: 1,
  }),
  // A check-in changes twice at most: started (version 1), then ended (version 2).
  'reviews.checkin.started': event<CheckInChangedEvent>()({
    aggregate: 'check-in',
    aggregateIdField: 'checkInId',
    versioned: true,
    schemaVersion: 1,
  }),
  'reviews.checkin.ended': event<CheckInChangedEvent>()({
    aggregate: 'check-in',
    aggregateIdField: 'checkInId',
    versioned: true,
    schemaVersion: 1,
  }),
  // Likes are a set per check-in and comments are written once: applied once, not versioned.
  'reviews.checkin.liked': event<CheckInLikeChangedEvent>()({
    aggregate: 'check-in',
    aggregateIdField: 'checkInId',
    versioned: false,
    schemaVersion: 1,
  }),
  'reviews.checkin.unliked': event<CheckInLikeChangedEvent>()({
    aggregate: 'check-in',
    aggregateIdField: 'checkInId',
    versioned: false,
    schemaVersion: 1,
  }),
  'reviews.checkin.commented': event<CheckInCommentedEvent>()({
    aggregate: 'check-in',
    aggregateIdField: 'checkInId',
    versioned: false,
    schemaVersion: 1,
  }),
  'reviews.checkin.comment-deleted': event<CheckInCommentDeletedEvent>()({
    aggregate: 'check-in',
    aggregateIdField: 'checkInId',
    versioned: false,
    schemaVersion: 1,
  }),
  // A status is written once and never changed: applied once, not versioned.
  'reviews.status.posted': event<StatusPostedEvent>()({
    aggregate: 'status',
    aggregateIdField: 'statusId',
    versioned: false,
    schemaVersion: 1,
  }),
  // A status's likes and comments, as a check-in's: applied once, not versioned.
  'reviews.status.liked': event<StatusLikeChangedEvent>()({
    aggregate: 'status',
    aggregateIdField: 'statusId',
    versioned: false,
    schemaVersion: 1,
  }),
  'reviews.status.unliked': event<StatusLikeChangedEvent>()({
    aggregate: 'status',
    aggregateIdField: 'statusId',
    versioned: false,
    schemaVersion: 1,
  }),
  'reviews.status.commented': event<StatusCommentedEvent>()({
    aggregate: 'status',
    aggregateIdField: 'statusId',
    versioned: false,
    schemaVersion: 1,
  }),
  'reviews.status.comment-deleted': event<StatusCommentDeletedEvent>()({
    aggregate: 'status',
    aggregateIdField: 'statusId',
    versioned: false,
    schemaVersion: 1,
  }),
  'reviews.restaurant.unsaved': event<RestaurantSaveChangedEvent>()({
    aggregate: 'saved-list',
    aggregateIdField: 'userId',
    versioned: true,
    schemaVersion: 1,
  }),
  // Messaging: each message, report, read and poll is written once (no aggregate changes twice
  // in a way a consumer must order), so none is versioned.
  'messaging.message.sent': event<MessageSentEvent>()({
    aggregate: 'message',
    aggregateIdField: 'messageId',
    versioned: false,
    schemaVersion: 1,
  }),
  'messaging.message.reported': event<MessageReportedEvent>()({
    aggregate: 'message',
    aggregateIdField: 'messageId',
    versioned: false,
    schemaVersion: 1,
  }),
  'messaging.conversation.read': event<ConversationReadEvent>()({
    aggregate: 'conversation',
    aggregateIdField: 'readerId',
    versioned: false,
    schemaVersion: 1,
  }),
  'messaging.poll.created': event<PollCreatedEvent>()({
    aggregate: 'poll',
    aggregateIdField: 'pollId',
    versioned: false,
    schemaVersion: 1,
  }),
  'messaging.poll.decided': event<PollDecidedEvent>()({
    aggregate: 'poll',
    aggregateIdField: 'pollId',
    versioned: false,
    schemaVersion: 1,
  }),
  // Moderation: a report is decided once (pending -> resolved or dismissed), so not versioned.
  'moderation.report.resolved': event<ReportDecidedEvent>()({
    aggregate: 'report',
    aggregateIdField: 'reportId',
    versioned: false,
    schemaVersion: 1,
  }),
  'moderation.report.dismissed': event<ReportDecidedEvent>()({
    aggregate: 'report',
    aggregateIdField: 'reportId',
    versioned: false,
    schemaVersion: 1,
  }),
  // Moderation: a message's report dismissed once (the queue entry leaves), so not versioned.
  'moderation.message-report.dismissed': event<MessageReportDismissedEvent>()({
    aggregate: 'message',
    aggregateIdField: 'messageId',
    versioned: false,
    schemaVersion: 1,
  }),
  // Published by any service where an admin acts (identity, reviews...); moderation's audit log
  // consumes it. Not versioned: each action is a fact recorded once by its actionId.
  'admin.action.recorded': event<AdminActionRecordedEvent>()({
    aggregate: 'admin-action',
    aggregateIdField: 'actionId',
    versioned: false,
    schemaVersion: 1,
  }),
} as const;

type Catalogue = typeof EVENT_CATALOGUE;

/** Event payloads by type, derived from the catalogue. */
export type EventMap = {
  [K in keyof Catalogue]: Catalogue[K] extends EventDefinition<infer P> ? P : never;
};

/** Event types whose producer numbers the aggregate's changes (envelope `aggregateVersion`). */
export type VersionedEventType = {
  [K in keyof Catalogue]: Catalogue[K]['versioned'] extends true ? K : never;
}[keyof Catalogue];

export function eventDefinition<T extends keyof EventMap>(type: T): EventDefinition<EventMap[T]> {
  return EVENT_CATALOGUE[type] as EventDefinition<EventMap[T]>;
}

/** Whether `type` is in the catalogue (a message from the wire may name anything). */
export function isCataloguedEvent(type: string): type is keyof EventMap {
  return Object.prototype.hasOwnProperty.call(EVENT_CATALOGUE, type);
}
