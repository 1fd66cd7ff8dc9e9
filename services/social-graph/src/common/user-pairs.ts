import type { EntityManager } from 'typeorm';
import type { Page } from '@dinebuds/service-client';
import { userSummaryColumns } from '../users/user.mapper.js';
import { rowsOf, socialTable } from './sql.js';

const USERS = socialTable('users');

/**
 * A table of edges from one user to another, unique on the pair, with `id` and `created_at`
 * (follows, follow_requests, blocks): what their repositories do alike is written once here.
 */
export interface PairTable {
  /** Quoted table name. */
  table: string;
  /** The acting user's column (follower, requester, blocker). */
  from: string;
  /** The other user's column (followed, recipient, blocked). */
  to: string;
}

/** Inserts the edge; answers its creation time, or null when it already existed. */
export async function insertPair(
  manager: EntityManager,
  pairs: PairTable,
  fromId: number,
  toId: number,
): Promise<Date | null> {
  const rows = rowsOf<{ createdAt: Date }>(
    await manager.query(
      `INSERT INTO ${pairs.table} ("${pairs.from}", "${pairs.to}") VALUES ($1, $2)
       ON CONFLICT ("${pairs.from}", "${pairs.to}") DO NOTHING
       RETURNING "created_at" AS "createdAt"`,
      [fromId, toId],
    ),
  );
  return rows[0]?.createdAt ?? null;
}

/** Deletes the edge; false when there was none. */
export async function deletePair(
  manager: EntityManager,
  pairs: PairTable,
  fromId: number,
  toId: number,
): Promise<boolean> {
  const rows = rowsOf(
    await manager.query(
      `DELETE FROM ${pairs.table} WHERE "${pairs.from}" = $1 AND "${pairs.to}" = $2 RETURNING "id"`,
      [fromId, toId],
    ),
  );
  return rows.length > 0;
}

/**
 * One limit/offset page of the edges whose `side` column is `userId`, newest first, each row
 * the other user's summary plus `columns` (select items on the edge, aliased `p`).
 */
export async function pageOfPairs<Row>(
  manager: EntityManager,
  pairs: PairTable,
  side: 'from' | 'to',
  userId: number,
  page: Page,
  columns = '',
): Promise<Row[]> {
  const [match, other] = side === 'from' ? [pairs.from, pairs.to] : [pairs.to, pairs.from];
  return rowsOf<Row>(
    await manager.query(
      `SELECT ${columns ? `${columns}, ` : ''}${userSummaryColumns('u')}
       FROM ${pairs.table} p
       JOIN ${USERS} u ON u."id" = p."${other}"
       WHERE p."${match}" = $1
       ORDER BY p."created_at" DESC, p."id" DESC
       LIMIT $2 OFFSET $3`,
      [userId, page.limit, page.offset],
    ),
  );
}
