/** Injection token of the EventBus given to EventsModule.forRoot (`@Inject(EVENT_BUS) bus: EventBus`). */
export const EVENT_BUS = Symbol.for('dinebuds.events.EVENT_BUS');
/** Injection token of the EventsModuleOptions. */
export const EVENTS_OPTIONS = Symbol.for('dinebuds.events.EVENTS_OPTIONS');
/** Injection token of the TypeORM DataSource the events tables live in. */
export const EVENTS_DATA_SOURCE = Symbol.for('dinebuds.events.EVENTS_DATA_SOURCE');
/** Metadata key written by @OnDomainEvent. */
export const ON_DOMAIN_EVENT = 'dinebuds:on-domain-event';
