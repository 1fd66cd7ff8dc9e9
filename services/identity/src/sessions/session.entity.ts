import { Column, Entity, PrimaryColumn } from 'typeorm';
import { IDENTITY_SCHEMA } from '../config.js';

@Entity({ schema: IDENTITY_SCHEMA, name: 'sessions' })
export class SessionEntity {
  /** Public id (shown in the Sessions tab, used to revoke); never the cookie secret. */
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  /** Hex SHA-256 of the cookie secret; the secret itself is never stored. */
  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash: string;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'user_agent', type: 'varchar', length: 512, nullable: true })
  userAgent: string | null;

  @Column({ name: 'ip_address', type: 'varchar', length: 64, nullable: true })
  ipAddress: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'last_seen_at', type: 'timestamptz', default: () => 'now()' })
  lastSeenAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;
}
