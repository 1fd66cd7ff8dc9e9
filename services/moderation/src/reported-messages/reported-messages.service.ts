import { Injectable } from '@nestjs/common';
import {
  LIMITS,
  MODERATION_MESSAGES as M,
  type Caller,
  type MessageReportedEvent,
  type MessageResponse,
  type Paging,
  type ReportedMessageDto,
  optionalNote,
} from '@dinebuds/contracts';
import { ServiceEvents, Transactions } from '@dinebuds/service-kit';
import type { EntityManager } from 'typeorm';
import { AuditLogRepository } from '../audit/audit-log.repository.js';
import { personOf } from '../common/admin.policy.js';
import type { ModerationEventType } from '../moderation.service-definition.js';
import { IdentityUsersRepository } from '../projections/identity/identity-users.repository.js';
import { assertDismissable, shouldQueue } from './reported-message.policy.js';
import { ReportedMessagesRepository } from './reported-messages.repository.js';
import { assertAdmin } from '@dinebuds/errors';

/** The reported-message queue: messaging's reports in, admins' dismissals (audited) out. */
@Injectable()
export class ReportedMessagesService {
  constructor(
    private readonly transactions: Transactions,
    private readonly reported: ReportedMessagesRepository,
    private readonly users: IdentityUsersRepository,
    private readonly audit: AuditLogRepository,
    private readonly events: ServiceEvents<ModerationEventType>,
  ) {}

  /** messaging.message.reported, in the consumer's inbox transaction. */
  async enqueue(manager: EntityManager, event: MessageReportedEvent): Promise<void> {
    const senderDeleted = await this.users.isDeleted(manager, event.senderId);
    const reporterDeleted = await this.users.isDeleted(manager, event.reporterId);
    if (!shouldQueue(senderDeleted, reporterDeleted)) return;
    await this.reported.add(manager, {
      messageId: event.messageId,
      senderId: event.senderId,
      reporterId: event.reporterId,
      content: event.content,
      messageType: event.messageType,
      reason: event.reason,
      sentAt: new Date(event.sentAt),
      reportedAt: new Date(event.reportedAt),
    });
  }

  async list(caller: Caller, page: Paging): Promise<ReportedMessageDto[]> {
    assertAdmin(caller);
    const rows = await this.reported.pending(this.transactions.outside, {
      limit: page.limit ?? LIMITS.listPageMax,
      offset: page.offset ?? 0,
    });
    return rows.map((row) => ({
      id: row.messageId,
      content: row.content,
      messageType: row.messageType,
      reportReason: row.reason,
      createdAt: row.sentAt.toISOString(),
      reportedAt: row.reportedAt.toISOString(),
      senderId: row.senderId,
      receiverId: row.reporterId,
      sender: personOf({
        id: row.senderId,
        username: row.senderUsername,
        name: row.senderName,
        profilePicture: row.senderPicture,
      }),
      receiver: personOf({
        id: row.reporterId,
        username: row.reporterUsername,
        name: row.reporterName,
        profilePicture: row.reporterPicture,
      }),
    }));
  }

  /**
   * Dismisses a waiting report: it leaves the queue, the audit log says who, when and why, and
   * messaging is told (moderation.message-report.dismissed) so the message reads as not reported.
   */
  async dismiss(caller: Caller, messageId: number, reason?: string): Promise<MessageResponse> {
    assertAdmin(caller);
    await this.transactions.run(async (manager) => {
      const report = await this.reported.lock(manager, messageId);
      assertDismissable(report);
      const at = new Date();
      await this.reported.dismiss(manager, messageId, caller.userId, at);
      await this.audit.record(manager, {
        actorId: caller.userId,
        action: 'reported-message.dismissed',
        targetType: 'message',
        targetId: messageId,
        subjectUserId: report.senderId,
        reason: optionalNote(reason),
        at,
      });
      await this.events.record(manager, 'moderation.message-report.dismissed', {
        messageId,
        senderId: report.senderId,
        reporterId: report.reporterId,
        dismissedById: caller.userId,
        dismissedAt: at.toISOString(),
      });
    });
    return { message: M.reportDismissed };
  }
}
