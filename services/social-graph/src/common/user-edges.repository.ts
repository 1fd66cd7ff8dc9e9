import type { EntityManager } from 'typeorm';
import type { Page } from '@dinebuds/service-client';
import { rowsOf, schemaTable } from '@dinebuds/database';
import { SOCIAL_SCHEMA } from '../config.js';
import { userSummaryColumns } from '../projections/identity/user.mapper.js';

const USERS = schemaTable(SOCIAL_SCHEMA, 'users');

/**
 * A table of edges from one user to another, unique on the pair, with `id` and `created_at`
 * (follows, follow_requests, blocks): the statements their repositories share, written once.
 * Inserts are `ON CONFLICT DO NOTHING ... RETURNING` and deletes `RETURNING`, so callers learn
 * whether a row really changed (and record an event only then).
 */
export interface UserEdgeTable {
  /** Quoted table name. */
  table: string;
  /** The acting user's column (follower, requester, blocker). */
  from: string;
  /** The other user's column (followed, recipient, blocked). */
  to: string;
}

/** Inserts the edge; answers its creation time, or null when it already existed. */
export async function insertEdge(
  manager: EntityManager,
  edges: UserEdgeTable,
  fromId: number,
  toId: number,
): Promise<Date | null> {
  const rows = rowsOf<{ createdAt: Date }>(
    await manager.query(
      `INSERT INTO ${edges.table} ("${edges.from}", "${edges.to}") VALUES ($1, $2)
       ON CONFLICT ("${edges.from}", "${edges.to}") DO NOTHING
       RETURNING "created_at" AS "createdAt"`,
      [fromId, toId],
    ),
  );
  return rows[0]?.createdAt ?? null;
}

/** Deletes the edge; false when there was none. */
export async function deleteEdge(
  manager: EntityManager,
  edges: UserEdgeTable,
  fromId: number,
  toId: number,
): Promise<boolean> {
  const rows = rowsOf(
    await manager.query(
      `DELETE FROM ${edges.table} WHERE "${edges.from}" = $1 AND "${edges.to}" = $2 RETURNING "id"`,
      [fromId, toId],
    ),
  );
  return rows.length > 0;
}

/** Every edge from or to the user goes; answers the pairs that existed. */
export async function deleteEdgesOf(
  manager: EntityManager,
  edges: UserEdgeTable,
  userId: number,
): Promise<Array<{ fromId: number; toId: number }>> {
  return rowsOf<{ fromId: number; toId: number }>(
    await manager.query(
      `DELETE FROM ${edges.table} WHERE "${edges.from}" = $1 OR "${edges.to}" = $1
       RETURNING "${edges.from}" AS "fromId", "${edges.to}" AS "toId"`,
      [userId],
    ),
  );
}

/**
 * One limit/offset page of the edges whose `side` column is `userId`, newest first, each row
 * the other user's summary plus `columns` (select items on the edge, aliased `p`).
 */
export async function pageOfEdges<Row>(
  manager: EntityManager,
  edges: UserEdgeTable,
  side: 'from' | 'to',
  userId: number,
  page: Page,
  columns = '',
): Promise<Row[]> {
  const [match, other] = side === 'from' ? [edges.from, edges.to] : [edges.to, edges.from];
  return rowsOf<Row>(
    await manager.query(
      `SELECT ${columns ? `${columns}, ` : ''}${userSummaryColumns('u')}
       FROM ${edges.table} p
       JOIN ${USERS} u ON u."id" = p."${other}"
       WHERE p."${match}" = $1
       ORDER BY p."created_at" DESC, p."id" DESC
       LIMIT $2 OFFSET $3`,
      [userId, page.limit, page.offset],
    ),
  );
}
