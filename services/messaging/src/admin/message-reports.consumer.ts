import { Injectable } from '@nestjs/common';
import { OnDomainEvent, type EnvelopeOf } from '@dinebuds/events';
import type { EntityManager } from 'typeorm';
import { AdminMessagesService } from './admin-messages.service.js';

/** moderation.message-report.dismissed -> the message's reported flag cleared (once, by the inbox). */
@Injectable()
export class MessageReportsConsumer {
  constructor(private readonly admin: AdminMessagesService) {}

  @OnDomainEvent('moderation.message-report.dismissed', { consumer: 'messaging.message-report.dismissed' })
  async onDismissed(
    event: EnvelopeOf<'moderation.message-report.dismissed'>,
    manager: EntityManager,
  ): Promise<void> {
    await this.admin.clearReport(manager, event.data.messageId);
  }
}
