import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { SOCIAL_SCHEMA } from '../config.js';

/** A pending request of requesterId to follow the private recipientId; each pair at most once. */
@Entity({ schema: SOCIAL_SCHEMA, name: 'follow_requests' })
export class FollowRequestEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'requester_id', type: 'integer' })
  requesterId: number;

  @Column({ name: 'recipient_id', type: 'integer' })
  recipientId: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
