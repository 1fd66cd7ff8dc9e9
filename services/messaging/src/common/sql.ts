import { rowsOf as rowsOfResult, schemaTable } from '@dinebuds/database';
import type { EntityManager } from 'typeorm';
import { MESSAGING_SCHEMA } from '../config.js';

export { insertIfAbsent, rowsOf } from '@dinebuds/database';

/** Quoted name of one of the messaging service's tables (repositories only). */
export function table(name: string): string {
  return schemaTable(MESSAGING_SCHEMA, name);
}

/**
 * The rows of `table` where `userId` is on either side (`sides`, e.g. sender_id and receiver_id)
 * with an id after $2, oldest first, at most $3 of each side ($1 is the user): a FROM item that
 * reads each side's (side, id) index, for the streams' catch-up.
 */
export function eitherSideAfter(table: string, sides: readonly [string, string]): string {
  return `((SELECT * FROM ${table} WHERE ${sides[0]} = $1 AND id > $2 ORDER BY id LIMIT $3)
     UNION ALL
     (SELECT * FROM ${table} WHERE ${sides[1]} = $1 AND id > $2 ORDER BY id LIMIT $3))`;
}

/** The newest id of `table` with `userId` on either side (0: none), from each side's index. */
export async function newestIdEitherSide(
  manager: EntityManager,
  table: string,
  sides: readonly [string, string],
  userId: number,
): Promise<number> {
  const rows = rowsOfResult<{ id: number | null }>(
    await manager.query(
      `SELECT GREATEST((SELECT max(id) FROM ${table} WHERE ${sides[0]} = $1),
                       (SELECT max(id) FROM ${table} WHERE ${sides[1]} = $1)) AS id`,
      [userId],
    ),
  );
  return rows[0]?.id ?? 0;
}
