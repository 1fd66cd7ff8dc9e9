import { Injectable } from '@nestjs/common';
import { OnDomainEvent, type EnvelopeOf } from '@dinebuds/events';
import type { EntityManager } from 'typeorm';
import { AuditLogService } from './audit-log.service.js';

/** admin.action.recorded (any service's admin action) -> the audit log, once per actionId. */
@Injectable()
export class AdminActionsConsumer {
  constructor(private readonly auditLog: AuditLogService) {}

  @OnDomainEvent('admin.action.recorded', { consumer: 'moderation.admin-actions.recorded' })
  async onRecorded(event: EnvelopeOf<'admin.action.recorded'>, manager: EntityManager): Promise<void> {
    await this.auditLog.recordAction(manager, event.data, new Date(event.occurredAt));
  }
}
