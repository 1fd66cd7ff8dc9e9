import { Injectable } from '@nestjs/common';
import { preparedQuery } from '@dinebuds/database';
import type { EntityManager } from 'typeorm';
import { rowsOf, table } from '../common/sql.js';

const SNAPSHOTS = table('read_snapshots');
const VERSIONS = table('viewer_read_versions');

/** The statements of the read snapshots (see ReadSnapshotsService). */
@Injectable()
export class ReadSnapshotsRepository {
  /** The stored answer while it is current (its version is the viewer's), else null. */
  async current(manager: EntityManager, viewerId: number, key: string): Promise<string | null> {
    const rows = await preparedQuery<{ payload: string }>(
      manager,
      'reviews_read_snapshot_current',
      `SELECT s.payload FROM ${SNAPSHOTS} s
       WHERE s.viewer_id = $1 AND s.read_key = $2
         AND s.version = COALESCE((SELECT v.version FROM ${VERSIONS} v WHERE v.viewer_id = $1), 0)`,
      [viewerId, key],
    );
    return rows[0]?.payload ?? null;
  }

  /** The stored answer with the version it was computed at, whatever the viewer's version now. */
  async stored(
    manager: EntityManager,
    viewerId: number,
    key: string,
  ): Promise<{ version: string; payload: string } | null> {
    const rows = await preparedQuery<{ version: string; payload: string }>(
      manager,
      'reviews_read_snapshot_stored',
      `SELECT version::text AS version, payload FROM ${SNAPSHOTS} WHERE viewer_id = $1 AND read_key = $2`,
      [viewerId, key],
    );
    return rows[0] ?? null;
  }

  /** The viewer's read version now (0 before the first bump), one primary-key read; bigint as text. */
  async currentVersion(manager: EntityManager, viewerId: number): Promise<string> {
    const rows = await preparedQuery<{ version: string }>(
      manager,
      'reviews_read_version',
      `SELECT COALESCE((SELECT version FROM ${VERSIONS} WHERE viewer_id = $1), 0)::text AS version`,
      [viewerId],
    );
    return rows[0]?.version ?? '0';
  }

  /** The viewer's read version now (0 before the first bump); bigint as text. */
  async version(manager: EntityManager, viewerId: number): Promise<string> {
    const rows = rowsOf<{ version: string }>(
      await manager.query(
        `SELECT COALESCE((SELECT version FROM ${VERSIONS} WHERE viewer_id = $1), 0)::text AS version`,
        [viewerId],
      ),
    );
    return rows[0]?.version ?? '0';
  }

  /** Stores an answer computed at `version`, never over one computed at a newer version. */
  async store(
    manager: EntityManager,
    viewerId: number,
    key: string,
    version: string,
    payload: string,
  ): Promise<void> {
    await preparedQuery(
      manager,
      'reviews_read_snapshot_store',
      `INSERT INTO ${SNAPSHOTS} AS s (viewer_id, read_key, version, payload, computed_at)
       VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (viewer_id, read_key) DO UPDATE
         SET version = EXCLUDED.version, payload = EXCLUDED.payload, computed_at = EXCLUDED.computed_at
         WHERE s.version <= EXCLUDED.version`,
      [viewerId, key, version, payload],
    );
  }
}
