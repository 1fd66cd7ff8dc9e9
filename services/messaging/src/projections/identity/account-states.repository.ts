import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { table } from '../../common/sql.js';

const ACCOUNT_STATES = table('account_states');

/**
 * Who is deactivated, from identity.user.deactivated / reactivated: the newest change (by
 * identity's user version) wins, so a late event never undoes a newer one. A deactivated person
 * cannot be messaged (the send statement reads this table) and shows as such in the inbox.
 */
@Injectable()
export class AccountStatesRepository {
  async apply(
    manager: EntityManager,
    userId: number,
    deactivated: boolean,
    version: number | null,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO ${ACCOUNT_STATES} AS s (user_id, deactivated, version) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET deactivated = EXCLUDED.deactivated, version = EXCLUDED.version
       WHERE s.version IS NULL OR EXCLUDED.version IS NULL OR s.version < EXCLUDED.version`,
      [userId, deactivated, version],
    );
  }

  async isDeactivated(manager: EntityManager, userId: number): Promise<boolean> {
    const rows = (await manager.query(`SELECT 1 FROM ${ACCOUNT_STATES} WHERE user_id = $1 AND deactivated`, [
      userId,
    ])) as unknown[];
    return rows.length > 0;
  }

  async deleteOf(manager: EntityManager, userId: number): Promise<void> {
    await manager.query(`DELETE FROM ${ACCOUNT_STATES} WHERE user_id = $1`, [userId]);
  }
}
