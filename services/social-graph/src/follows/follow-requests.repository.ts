import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Page } from '@dinebuds/service-client';
import { schemaTable } from '@dinebuds/database';
import { SOCIAL_SCHEMA } from '../config.js';
import {
  deleteEdge,
  deleteEdgesOf,
  insertEdge,
  pageOfEdges,
  type UserEdgeTable,
} from '../common/user-edges.repository.js';
import type { UserSummaryRow } from '../projections/identity/user.mapper.js';

const REQUEST_EDGES: UserEdgeTable = {
  table: schemaTable(SOCIAL_SCHEMA, 'follow_requests'),
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
    return insertEdge(manager, REQUEST_EDGES, requesterId, recipientId);
  }

  /** False when no such request was pending. */
  delete(manager: EntityManager, requesterId: number, recipientId: number): Promise<boolean> {
    return deleteEdge(manager, REQUEST_EDGES, requesterId, recipientId);
  }

  /** Every request from or to the user goes (the user was deleted). */
  async deleteAllOf(manager: EntityManager, userId: number): Promise<void> {
    await deleteEdgesOf(manager, REQUEST_EDGES, userId);
  }

  /** Pending requests to `recipientId`, newest first, with the requester's summary. */
  listTo(manager: EntityManager, recipientId: number, page: Page): Promise<RequestRow[]> {
    return pageOfEdges<RequestRow>(
      manager,
      REQUEST_EDGES,
      'to',
      recipientId,
      page,
      `p."id" AS "requestId", p."requester_id" AS "requesterId", p."recipient_id" AS "recipientId",
       p."created_at" AS "createdAt"`,
    );
  }
}
