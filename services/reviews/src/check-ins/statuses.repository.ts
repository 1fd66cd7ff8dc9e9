import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AUTHOR_COLUMNS_SQL, type AuthorColumns } from '../common/author.js';
import { rowsOf, table } from '../common/sql.js';
import { BUDS_CTE } from '../discovery/discovery.repository.js';
import { reactionColumnsSql, STATUS_TABLES } from '../reactions/reactions.repository.js';

const STATUSES = table('statuses');
const USERS = table('users');

/** A status with its author from the users projection. */
export type StatusRow = AuthorColumns & { id: number; text: string; created_at: Date };

/** A status with its likes and comments as the viewer sees them. */
export type ReactedStatusRow = StatusRow & {
  like_count: number;
  liked_by_me: boolean;
  comment_count: number;
};

const COLUMNS = `s.id, s.user_id, s.text, s.created_at, ${AUTHOR_COLUMNS_SQL}`;

@Injectable()
export class StatusesRepository {
  /** The new status with its author (the author is in the users projection: a signed-in caller). */
  async insert(manager: EntityManager, userId: number, text: string): Promise<StatusRow> {
    const rows = rowsOf<StatusRow>(
      await manager.query(
        `WITH s AS (INSERT INTO ${STATUSES} (user_id, text) VALUES ($1, $2) RETURNING *)
         SELECT ${COLUMNS} FROM s JOIN ${USERS} u ON u.id = s.user_id`,
        [userId, text],
      ),
    );
    return rows[0];
  }

  /**
   * The newest `limit` statuses of the viewer and their buds (see BUDS_CTE: followed, visible, no
   * block either way, not muted), with their likes and comments: each person's newest `limit` by
   * statuses_user_created_idx, then merged. Grows with the people followed, not with the table.
   */
  async ofBuds(manager: EntityManager, viewerId: number, limit: number): Promise<ReactedStatusRow[]> {
    return rowsOf<ReactedStatusRow>(
      await manager.query(
        `WITH ${BUDS_CTE},
         people AS (SELECT id FROM buds UNION SELECT $1::int)
         SELECT ${COLUMNS}, ${reactionColumnsSql(STATUS_TABLES, 's.id', '$1')}
         FROM people p CROSS JOIN LATERAL (
           SELECT * FROM ${STATUSES} x WHERE x.user_id = p.id
           ORDER BY x.created_at DESC, x.id DESC LIMIT $2) s
         JOIN ${USERS} u ON u.id = s.user_id
         ORDER BY s.created_at DESC, s.id DESC
         LIMIT $2`,
        [viewerId, limit],
      ),
    );
  }
}
