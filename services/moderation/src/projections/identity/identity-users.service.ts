import { Injectable } from '@nestjs/common';
import type { UserSnapshot } from '@dinebuds/contracts';
import type { UserChange } from '@dinebuds/projections';
import type { EntityManager } from 'typeorm';
import { AppealsRepository } from '../../appeals/appeals.repository.js';
import { AuditLogRepository } from '../../audit/audit-log.repository.js';
import { KnownReviewsRepository } from '../reviews/known-reviews.repository.js';
import { FeedbackRepository } from '../../feedback/feedback.repository.js';
import { ReportedMessagesRepository } from '../../reported-messages/reported-messages.repository.js';
import { ReportsRepository } from '../../reports/reports.repository.js';
import { IdentityUsersRepository } from './identity-users.repository.js';

/**
 * identity.user.* applied to moderation's projection of users, in the consumer's inbox
 * transaction (`manager`): the effect and the inbox row commit together.
 */
@Injectable()
export class IdentityUsersService {
  constructor(
    private readonly users: IdentityUsersRepository,
    private readonly feedback: FeedbackRepository,
    private readonly reports: ReportsRepository,
    private readonly reportedMessages: ReportedMessagesRepository,
    private readonly audit: AuditLogRepository,
    private readonly appeals: AppealsRepository,
    private readonly reviews: KnownReviewsRepository,
  ) {}

  /** identity.user.registered / updated: a newer profile replaces the stored one. */
  async applyProfile(manager: EntityManager, snapshot: UserSnapshot, change: UserChange): Promise<void> {
    await this.users.applySnapshot(manager, snapshot, change, {});
  }

  /**
   * identity.user.deleted: their feedback, the reports they made or that are about them, and the
   * reported messages they sent or received go with their projection row. The audit log's
   * entries about them no longer name them; an admin's own entries keep the admin's id.
   */
  async removeUser(manager: EntityManager, userId: number): Promise<void> {
    await this.users.lockUserEvents(manager, userId);
    await this.feedback.deleteAllOf(manager, userId);
    await this.appeals.deleteAllOf(manager, userId);
    await this.reports.deleteAllOf(manager, userId);
    await this.reportedMessages.deleteAllOf(manager, userId);
    await this.audit.forgetSubject(manager, userId);
    await this.reviews.deleteAllOf(manager, userId);
    await this.users.removeWithTombstone(manager, userId, new Date());
  }
}
