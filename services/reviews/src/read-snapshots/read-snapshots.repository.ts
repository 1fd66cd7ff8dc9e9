import { Injectable } from '@nestjs/common';
import { preparedQuery } from '@dinebuds/database';
import type { EntityManager } from 'typeorm';
import { rowsOf, table } from '../common/sql.js';

const SNAPSHOTS = table('read_snapshots');
const VERSIONS = table('viewer_read_versions');

/** A snapshot's stored forms: its JSON text, or that text gzip-compressed. */
export type SnapshotForm = 'text' | 'gzip';

/** What each form is read as: pg answers text as a string and bytea as a Buffer. */
export interface SnapshotPayload {
  text: string;
  gzip: Buffer;
}

const COLUMN: Record<SnapshotForm, string> = { text: 'payload', gzip: 'payload_gzip' };

/** The statements of the read snapshots (see ReadSnapshotsService). */
@Injectable()
export class ReadSnapshotsRepository {
  /** The stored answer in `form` while it is current (its version is the viewer's), else null. */
  async current<F extends SnapshotForm>(
    manager: EntityManager,
    viewerId: number,
    key: string,
    form: F,
  ): Promise<SnapshotPayload[F] | null> {
    const rows = await preparedQuery<{ payload: SnapshotPayload[F] }>(
      manager,
      `reviews_read_snapshot_current_${form}`,
      `SELECT s.${COLUMN[form]} AS payload FROM ${SNAPSHOTS} s
       WHERE s.viewer_id = $1 AND s.read_key = $2
         AND s.version = COALESCE((SELECT v.version FROM ${VERSIONS} v WHERE v.viewer_id = $1), 0)`,
      [viewerId, key],
    );
    return rows[0]?.payload ?? null;
  }

  /**
   * The viewer's read version now, and the stored answer in `form` when it was computed at that
   * version (else null): one statement for a read the memory tier does not hold.
   */
  async versionAndCurrent<F extends SnapshotForm>(
    manager: EntityManager,
    viewerId: number,
    key: string,
    form: F,
  ): Promise<{ version: string; payload: SnapshotPayload[F] | null }> {
    const rows = await preparedQuery<{ version: string; payload: SnapshotPayload[F] | null }>(
      manager,
      `reviews_read_snapshot_version_current_${form}`,
      `SELECT v.version::text AS version,
              (SELECT s.${COLUMN[form]} FROM ${SNAPSHOTS} s
               WHERE s.viewer_id = $1 AND s.read_key = $2 AND s.version = v.version) AS payload
       FROM (SELECT COALESCE((SELECT version FROM ${VERSIONS} WHERE viewer_id = $1), 0) AS version) v`,
      [viewerId, key],
    );
    return rows[0]!;
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
    payload: SnapshotPayload,
  ): Promise<void> {
    await preparedQuery(
      manager,
      'reviews_read_snapshot_store',
      `INSERT INTO ${SNAPSHOTS} AS s (viewer_id, read_key, version, payload, payload_gzip, computed_at)
       VALUES ($1, $2, $3, $4, $5, now())
       ON CONFLICT (viewer_id, read_key) DO UPDATE
         SET version = EXCLUDED.version, payload = EXCLUDED.payload,
             payload_gzip = EXCLUDED.payload_gzip, computed_at = EXCLUDED.computed_at
         WHERE s.version <= EXCLUDED.version`,
      [viewerId, key, version, payload.text, payload.gzip],
    );
  }
}
