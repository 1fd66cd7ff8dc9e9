import 'reflect-metadata';
import type { EventType } from '@dinebuds/contracts';
import type { EntityManager } from 'typeorm';
import type { EnvelopeOf } from '../envelope.js';
import { ON_DOMAIN_EVENT } from './tokens.js';

export interface OnDomainEventOptions {
  /**
   * Inbox consumer name of this handler (events are applied once per consumer). Default
   * `<ClassName>.<methodName>`. Set it explicitly to keep it stable across renames.
   */
  consumer?: string;
}

export interface DomainEventHandlerMetadata {
  types: EventType[];
  consumer?: string;
}

/** Signature of a method decorated with @OnDomainEvent. */
export type DomainEventMethod<T extends EventType> = (
  envelope: EnvelopeOf<T>,
  manager: EntityManager,
) => Promise<unknown>;

/**
 * Marks a provider method as a consumer of domain events. EventsModule discovers it at bootstrap,
 * binds the service's queue to the types, and calls it inside Inbox.handleOnce: the method gets
 * the envelope and the transaction's EntityManager, and must make its changes through that manager
 * (then a redelivered event is applied once). Throwing makes the delivery fail and be retried.
 * In a burst the transaction is shared with the events before and after it (InboxBatcher): a
 * handler that throws rolls it back and its neighbours are re-applied alone, so a handler must
 * not catch a failed statement and carry on (the shared transaction would be aborted).
 *
 * @example
 *   @OnDomainEvent('identity.user.registered')
 *   async onUserRegistered(event: EventEnvelope<'identity.user.registered'>, manager: EntityManager) { ... }
 */
export function OnDomainEvent<T extends EventType>(
  types: T | readonly T[],
  options: OnDomainEventOptions = {},
) {
  const list = (Array.isArray(types) ? [...types] : [types]) as T[];
  if (list.length === 0) throw new Error('@OnDomainEvent needs at least one event type');
  return <M extends DomainEventMethod<T>>(
    _target: object,
    _key: string | symbol,
    descriptor: TypedPropertyDescriptor<M>,
  ): TypedPropertyDescriptor<M> => {
    const metadata: DomainEventHandlerMetadata = { types: list, consumer: options.consumer };
    Reflect.defineMetadata(ON_DOMAIN_EVENT, metadata, descriptor.value as object);
    return descriptor;
  };
}
