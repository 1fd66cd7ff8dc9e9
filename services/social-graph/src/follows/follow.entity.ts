import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { SOCIAL_SCHEMA } from '../config.js';

/** followerId follows followingId; each pair at most once. */
@Entity({ schema: SOCIAL_SCHEMA, name: 'follows' })
export class FollowEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'follower_id', type: 'integer' })
  followerId: number;

  @Column({ name: 'following_id', type: 'integer' })
  followingId: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
