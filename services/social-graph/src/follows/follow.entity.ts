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

/**
 * followerId follows followingId; each pair at most once. The list indexes are (user, created_at
 * DESC, id DESC) in the migration (TypeORM's @Index has no column order; only migrations make them).
 */
@Entity({ schema: SOCIAL_SCHEMA, name: 'follows' })
@Unique('follows_follower_following_key', ['followerId', 'followingId'])
@Check('follows_not_self_check', `"follower_id" <> "following_id"`)
@Index('follows_following_created_id_idx', ['followingId', 'createdAt', 'id'])
@Index('follows_follower_created_id_idx', ['followerId', 'createdAt', 'id'])
export class FollowEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'follower_id', type: 'integer' })
  @ForeignKey(() => SocialUserEntity, { name: 'follows_follower_id_fkey', onDelete: 'CASCADE' })
  followerId: number;

  @Column({ name: 'following_id', type: 'integer' })
  @ForeignKey(() => SocialUserEntity, { name: 'follows_following_id_fkey', onDelete: 'CASCADE' })
  followingId: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
