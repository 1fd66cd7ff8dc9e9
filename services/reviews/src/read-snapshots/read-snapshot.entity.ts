import { Column, Entity, PrimaryColumn } from 'typeorm';
import { REVIEWS_SCHEMA } from '../config.js';

/**
 * A read's answer for one viewer, as the JSON it was served (migration 1734100000050), valid while
 * `version` equals the viewer's read version. Written only by ReadSnapshotsRepository.
 */
@Entity({ schema: REVIEWS_SCHEMA, name: 'read_snapshots' })
export class ReadSnapshotEntity {
  @PrimaryColumn({ name: 'viewer_id', type: 'integer' })
  viewerId: number;

  /** Which read and its parameters ('ranked:new york:top-rated'). */
  @PrimaryColumn({ name: 'read_key', type: 'text' })
  readKey: string;

  /** bigint: pg answers it as a string. */
  @Column({ name: 'version', type: 'bigint' })
  version: string;

  @Column({ name: 'payload', type: 'text' })
  payload: string;

  /** The same answer gzip-compressed, for clients that accept gzip (migration 1734100000070). */
  @Column({ name: 'payload_gzip', type: 'bytea' })
  payloadGzip: Buffer;

  @Column({ name: 'computed_at', type: 'timestamptz', default: () => 'now()' })
  computedAt: Date;
}

/**
 * A viewer's read version, bumped by the triggers of migration 1734100000050 whenever a write can
 * change what that viewer's snapshots show. No row: version 0. Never written by code.
 */
@Entity({ schema: REVIEWS_SCHEMA, name: 'viewer_read_versions' })
export class ViewerReadVersionEntity {
  @PrimaryColumn({ name: 'viewer_id', type: 'integer' })
  viewerId: number;

  /** bigint: pg answers it as a string. */
  @Column({ name: 'version', type: 'bigint' })
  version: string;
}
