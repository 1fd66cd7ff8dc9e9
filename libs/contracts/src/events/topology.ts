import type { EventType } from './envelope.js';

/** One consuming service's durable queue and the event types bound to it. */
export interface ConsumerQueueTopology {
  /** The consuming service (its EventsModule `producer` name). */
  service: string;
  /** Its durable queue on the events exchange (replicas share it). */
  queue: string;
  /** Routing keys (= event types) bound to the queue. */
  types: readonly EventType[];
}

/**
 * Which queue wants which events. Every publisher declares these queues and bindings before it
 * publishes, so an event is never dropped because its consumer has not started yet. Add a line
 * here with every new @OnDomainEvent type (EventsModule logs an error when one is missing).
 */
export const EVENT_TOPOLOGY: readonly ConsumerQueueTopology[] = [
  {
    service: 'social-graph',
    queue: 'social-graph.events',
    types: [
      'identity.user.registered',
      'identity.user.updated',
      'identity.user.badges-changed',
      'identity.user.deleted',
    ],
  },
  {
    // Its projection of users (privacy, reviewer names, flavor and city badges for mood tags and
    // recommendations), of approved follows and of blocks (discovery).
    service: 'reviews',
    queue: 'reviews.events',
    types: [
      'identity.user.registered',
      'identity.user.updated',
      'identity.user.badges-changed',
      'identity.user.deleted',
      'social.follow.created',
      'social.follow.removed',
      'social.block.created',
      'social.block.removed',
      'social.mute.created',
      'social.mute.removed',
    ],
  },
  {
    // reviewCount, review level and city badge counts follow every review change.
    service: 'identity',
    queue: 'identity.events',
    types: ['reviews.review.created', 'reviews.review.updated', 'reviews.review.deleted'],
  },
  {
    // Its projection of users (names and avatars of conversations), follows and blocks (who may
    // message whom).
    service: 'messaging',
    queue: 'messaging.events',
    types: [
      'identity.user.registered',
      'identity.user.updated',
      'identity.user.deleted',
      'social.follow.created',
      'social.follow.removed',
      'social.block.created',
      'social.block.removed',
      // An admin dismissed a message's report: its reported flag is cleared.
      'moderation.message-report.dismissed',
      // A deactivated person cannot be messaged and shows as such.
      'identity.user.deactivated',
      'identity.user.reactivated',
    ],
  },
  {
    // Its projection of users (who sent feedback, reported or was reported), of reviews (who wrote
    // a reported review) and the reported-message queue.
    service: 'moderation',
    queue: 'moderation.events',
    types: [
      'identity.user.registered',
      'identity.user.updated',
      'identity.user.deleted',
      'reviews.review.created',
      'reviews.review.updated',
      'reviews.review.deleted',
      'messaging.message.reported',
      // Admin actions of other services, into the audit log.
      'admin.action.recorded',
    ],
  },
];
