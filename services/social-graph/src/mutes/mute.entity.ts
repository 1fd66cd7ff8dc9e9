import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  ForeignKey,
  Index,
  PrimaryGeneratedColumn,
  Unique,
} from 'typeorm';
import { SOCIAL_SCHEMA } from '../config.js';
import { SocialUserEntity } from '../projections/identity/social-user.entity.js';

/** muterId muted mutedId (each pair at most once): mutedId's content leaves muterId's discovery. */
@Entity({ schema: SOCIAL_SCHEMA, name: 'mutes' })
@Unique('mutes_muter_muted_key', ['muterId', 'mutedId'])
@Check('mutes_not_self_check', `"muter_id" <> "muted_id"`)
@Index('mutes_muted_idx', ['mutedId'])
export class MuteEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'muter_id', type: 'integer' })
  @ForeignKey(() => SocialUserEntity, { name: 'mutes_muter_id_fkey', onDelete: 'CASCADE' })
  muterId: number;

  @Column({ name: 'muted_id', type: 'integer' })
  @ForeignKey(() => SocialUserEntity, { name: 'mutes_muted_id_fkey', onDelete: 'CASCADE' })
  mutedId: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
