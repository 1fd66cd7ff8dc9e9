import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { IDENTITY_SCHEMA } from '../config.js';

@Entity({ schema: IDENTITY_SCHEMA, name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** Unique case-insensitively (unique index on lower(username)). */
  @Column({ type: 'varchar', length: 30 })
  username: string;

  @Column({ type: 'varchar', length: 60 })
  name: string;

  @Column({ type: 'text', nullable: true })
  bio: string | null;

  /** Never leaves the service: not selected unless asked for, never mapped to a DTO. */
  @Column({ name: 'password_hash', type: 'text', select: false })
  passwordHash: string;

  @Column({ name: 'is_admin', type: 'boolean', default: false })
  isAdmin: boolean;

  @Column({ name: 'is_private', type: 'boolean', default: false })
  isPrivate: boolean;

  /** False once an admin deactivated the account: it cannot sign in and has no sessions. */
  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive: boolean;

  @Column({ name: 'deactivated_at', type: 'timestamptz', nullable: true })
  deactivatedAt: Date | null;

  @Column({ name: 'review_count', type: 'integer', default: 0 })
  reviewCount: number;

  /** Up to 5 MB: loaded only by the picture read. */
  @Column({ type: 'bytea', nullable: true, select: false })
  picture: Buffer | null;

  @Column({ name: 'picture_type', type: 'varchar', length: 40, nullable: true })
  pictureType: string | null;

  @Column({ name: 'picture_version', type: 'integer', default: 0 })
  pictureVersion: number;

  /**
   * Incremented with every change that emits an identity.user.* event (its aggregateVersion), by
   * UsersRepository.nextVersion only: the ORM never writes it, so a save cannot turn it back.
   */
  @Column({ type: 'integer', default: 0, insert: false, update: false })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
