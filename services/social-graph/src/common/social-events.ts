import { Injectable } from '@nestjs/common';
import type { EventType } from '@dinebuds/contracts';
import { ServiceEvents } from '@dinebuds/service-kit';

/** The events social-graph publishes (all social.*). */
export type SocialEventType = Extract<EventType, `social.${string}`>;

/** Social-graph's events, through the kit's transactional outbox wrapper. */
@Injectable()
export class SocialEvents extends ServiceEvents<SocialEventType> {}
