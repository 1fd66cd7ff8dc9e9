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

/** A pending request of requesterId to follow the private recipientId; each pair at most once. */
@Entity({ schema: SOCIAL_SCHEMA, name: 'follow_requests' })
@Unique('follow_requests_requester_recipient_key', ['requesterId', 'recipientId'])
@Check('follow_requests_not_self_check', `"requester_id" <> "recipient_id"`)
@Index('follow_requests_recipient_created_idx', ['recipientId', 'createdAt'])
export class FollowRequestEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'requester_id', type: 'integer' })
  @ForeignKey(() => SocialUserEntity, { name: 'follow_requests_requester_id_fkey', onDelete: 'CASCADE' })
  requesterId: number;

  @Column({ name: 'recipient_id', type: 'integer' })
  @ForeignKey(() => SocialUserEntity, { name: 'follow_requests_recipient_id_fkey', onDelete: 'CASCADE' })
  recipientId: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
