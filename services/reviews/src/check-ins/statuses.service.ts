import { Injectable } from '@nestjs/common';
import { DISCOVERY_LIMITS, DISCOVERY_MESSAGES, type Caller, type StatusDto } from '@dinebuds/contracts';
import { badRequest } from '@dinebuds/errors';
import { ServiceEvents, Transactions } from '@dinebuds/service-kit';
import type { ReviewsEventType } from '../reviews.service-definition.js';
import { authorOf } from '../common/author.js';
import { StatusesRepository, type StatusRow } from './statuses.repository.js';

/** A new status has no likes or comments yet. */
const NO_REACTIONS = { likeCount: 0, likedByMe: false, commentCount: 0 };

function statusDto(row: StatusRow, reactions = NO_REACTIONS): StatusDto {
  return {
    id: row.id,
    user: authorOf(row),
    text: row.text,
    createdAt: row.created_at.toISOString(),
    reactions,
  };
}

/**
 * Statuses posted without a check-in (the Check Ins tab's "Share a status"): each recorded with
 * reviews.status.posted in its transaction; read back by the poster and their followers, here and
 * in the feed (likes and comments: ReactionsService).
 */
@Injectable()
export class StatusesService {
  constructor(
    private readonly transactions: Transactions,
    private readonly statuses: StatusesRepository,
    private readonly events: ServiceEvents<ReviewsEventType>,
  ) {}

  /** Posts the caller's status (trimmed, not blank, one line of at most statusMax characters). */
  async post(caller: Caller, text: string): Promise<StatusDto> {
    const clean = text.trim();
    if (clean === '') throw badRequest(DISCOVERY_MESSAGES.statusRequired);
    if (clean.length > DISCOVERY_LIMITS.statusMax) throw badRequest(DISCOVERY_MESSAGES.statusMax);
    return this.transactions.run(async (manager) => {
      const row = await this.statuses.insert(manager, caller.userId, clean);
      await this.events.record(manager, 'reviews.status.posted', {
        statusId: row.id,
        userId: row.user_id,
        text: row.text,
        createdAt: row.created_at.toISOString(),
      });
      return statusDto(row);
    });
  }

  /** Your own and your buds' statuses, newest first (statusesMax of them). */
  async ofBuds(caller: Caller): Promise<StatusDto[]> {
    const rows = await this.statuses.ofBuds(
      this.transactions.outside,
      caller.userId,
      DISCOVERY_LIMITS.statusesMax,
    );
    return rows.map((row) =>
      statusDto(row, {
        likeCount: row.like_count,
        likedByMe: row.liked_by_me,
        commentCount: row.comment_count,
      }),
    );
  }
}
