import { Injectable } from '@nestjs/common';
import { OnDomainEvent, type EnvelopeOf } from '@dinebuds/events';
import type { EntityManager } from 'typeorm';
import { ReportedMessagesService } from './reported-messages.service.js';

/** messaging.message.reported -> the reported-message queue (once per message, by the inbox). */
@Injectable()
export class ReportedMessagesConsumer {
  constructor(private readonly reported: ReportedMessagesService) {}

  @OnDomainEvent('messaging.message.reported', { consumer: 'moderation.messages.reported' })
  async onReported(event: EnvelopeOf<'messaging.message.reported'>, manager: EntityManager): Promise<void> {
    await this.reported.enqueue(manager, event.data);
  }
}
