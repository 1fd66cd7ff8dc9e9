import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { REVIEWS_SCHEMA } from '../../config.js';
import { rowsOf, table } from '../../common/sql.js';

const USERS = table('users');
const DELETED = table('deleted_users');
const BADGES = table('user_badges');

export interface ProjectedUser {
  id: number;
  username: string;
  name: string;
  profilePicture: string | null;
  isPrivate: boolean;
  version: number | null;
  syncedAt: Date;
}

interface UserRow {
  id: number;
  username: string;
  name: string;
  profile_picture: string | null;
  is_private: boolean;
  version: number | null;
  synced_at: Date;
}

const toUser = (r: UserRow): ProjectedUser => ({
  id: r.id,
  username: r.username,
  name: r.name,
  profilePicture: r.profile_picture,
  isPrivate: r.is_private,
  version: r.version,
  syncedAt: r.synced_at,
});

/** reviews' projection of identity's users: profiles, flavor badges and tombstones of deleted users. */
@Injectable()
export class IdentityUsersRepository {
  /** Serialises the events of one user (the consumer's per-user lock, released at commit). */
  async lockUserEvents(manager: EntityManager, userId: number): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `${REVIEWS_SCHEMA}:user:${userId}`,
    ]);
  }

  async find(manager: EntityManager, id: number): Promise<ProjectedUser | null> {
    const rows = rowsOf<UserRow>(await manager.query(`SELECT * FROM ${USERS} WHERE id = $1`, [id]));
    return rows[0] ? toUser(rows[0]) : null;
  }

  async isDeleted(manager: EntityManager, userId: number): Promise<boolean> {
    const rows = rowsOf(await manager.query(`SELECT 1 FROM ${DELETED} WHERE user_id = $1`, [userId]));
    return rows.length > 0;
  }

  async upsert(manager: EntityManager, user: ProjectedUser): Promise<void> {
    await manager.query(
      `INSERT INTO ${USERS} (id, username, name, profile_picture, is_private, version, synced_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (id) DO UPDATE SET username = EXCLUDED.username, name = EXCLUDED.name,
         profile_picture = EXCLUDED.profile_picture, is_private = EXCLUDED.is_private,
         version = EXCLUDED.version, synced_at = EXCLUDED.synced_at`,
      [user.id, user.username, user.name, user.profilePicture, user.isPrivate, user.version, user.syncedAt],
    );
  }

  /** The version of the user's flavor badges held (null: none yet). */
  async findBadges(
    manager: EntityManager,
    userId: number,
  ): Promise<{ version: number | null; syncedAt: Date } | null> {
    const rows = rowsOf<{ version: number | null; synced_at: Date }>(
      await manager.query(`SELECT version, synced_at FROM ${BADGES} WHERE user_id = $1`, [userId]),
    );
    return rows[0] ? { version: rows[0].version, syncedAt: rows[0].synced_at } : null;
  }

  async upsertBadges(
    manager: EntityManager,
    userId: number,
    flavorBadges: string[],
    change: { version: number | null; occurredAt: Date },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO ${BADGES} (user_id, flavor_badges, version, synced_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE SET flavor_badges = EXCLUDED.flavor_badges,
         version = EXCLUDED.version, synced_at = EXCLUDED.synced_at`,
      [userId, flavorBadges, change.version, change.occurredAt],
    );
  }

  /** Removes the user and their badges, and leaves a tombstone against late events. */
  async removeWithTombstone(manager: EntityManager, userId: number, at: Date): Promise<void> {
    await manager.query(`DELETE FROM ${BADGES} WHERE user_id = $1`, [userId]);
    await manager.query(`DELETE FROM ${USERS} WHERE id = $1`, [userId]);
    await manager.query(
      `INSERT INTO ${DELETED} (user_id, deleted_at) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [userId, at],
    );
  }
}
