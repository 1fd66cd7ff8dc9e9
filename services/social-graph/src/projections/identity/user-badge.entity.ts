import { Check, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { SOCIAL_SCHEMA } from '../../config.js';
import { SocialUserEntity } from './social-user.entity.js';

/**
 * One badge of one user (the badge -> holders index recommendations read in primary-key order),
 * rewritten with the user's badges in social.users; goes with the user (ON DELETE CASCADE).
 */
@Entity({ schema: SOCIAL_SCHEMA, name: 'user_badges' })
@Check('user_badges_kind_check', `"kind" IN ('flavor', 'city')`)
export class UserBadgeEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'user_badges_pkey' })
  kind: 'flavor' | 'city';

  /** A flavor badge id or a city key, as in social.users' arrays. */
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'user_badges_pkey' })
  name: string;

  @PrimaryColumn({ name: 'user_id', type: 'integer', primaryKeyConstraintName: 'user_badges_pkey' })
  @ForeignKey(() => SocialUserEntity, { name: 'user_badges_user_id_fkey', onDelete: 'CASCADE' })
  @Index('user_badges_user_idx')
  userId: number;
}
