import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** followerId follows followingId; each pair at most once. */
@Entity({ schema: 'social', name: 'follows' })
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
