import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Page } from '@dinebuds/service-client';
import { socialTable } from '../common/sql.js';
import { deletePair, insertPair, pageOfPairs, type PairTable } from '../common/user-pairs.js';
import type { UserSummaryRow } from '../users/user.mapper.js';

const REQUEST_PAIRS: PairTable = {
  table: socialTable('follow_requests'),
  from: 'requester_id',
  to: 'recipient_id',
};

export interface RequestRow extends UserSummaryRow {
  requestId: number;
  requesterId: number;
  recipientId: number;
  createdAt: Date;
}

/** Persistence of social.follow_requests. */
@Injectable()
export class FollowRequestsRepository {
  /** The new request's creation time, or null when it was already pending. */
  insert(manager: EntityManager, requesterId: number, recipientId: number): Promise<Date | null> {
    return insertPair(manager, REQUEST_PAIRS, requesterId, recipientId);
  }

  /** False when no such request was pending. */
  delete(manager: EntityManager, requesterId: number, recipientId: number): Promise<boolean> {
    return deletePair(manager, REQUEST_PAIRS, requesterId, recipientId);
  }

  /** Every request from or to the user goes (the user was deleted). */
  async deleteAllOf(manager: EntityManager, userId: number): Promise<void> {
    await manager.query(
      `DELETE FROM ${REQUEST_PAIRS.table} WHERE "requester_id" = $1 OR "recipient_id" = $1`,
      [userId],
    );
  }

  /** Pending requests to `recipientId`, newest first, with the requester's summary. */
  listTo(manager: EntityManager, recipientId: number, page: Page): Promise<RequestRow[]> {
    return pageOfPairs<RequestRow>(
      manager,
      REQUEST_PAIRS,
      'to',
      recipientId,
      page,
      `p."id" AS "requestId", p."requester_id" AS "requesterId", p."recipient_id" AS "recipientId",
       p."created_at" AS "createdAt"`,
    );
  }
}
