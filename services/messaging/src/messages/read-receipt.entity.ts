import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { MESSAGING_SCHEMA } from '../config.js';

/**
 * One mark-read: `readerId` read `otherId`'s messages up to `upToMessageId` (`count` of them).
 * Numbered, so a reconnecting stream replays the receipts it missed after its last event id.
 */
@Entity({ schema: MESSAGING_SCHEMA, name: 'read_receipts' })
@Index('read_receipts_reader_idx', ['readerId', 'id'])
@Index('read_receipts_other_idx', ['otherId', 'id'])
export class ReadReceiptEntity {
  @PrimaryGeneratedColumn({ primaryKeyConstraintName: 'read_receipts_pkey' })
  id: number;

  @Column({ name: 'reader_id', type: 'integer' })
  readerId: number;

  @Column({ name: 'other_id', type: 'integer' })
  otherId: number;

  @Column({ name: 'up_to_message_id', type: 'integer' })
  upToMessageId: number;

  @Column({ type: 'integer' })
  count: number;

  @Column({ name: 'read_at', type: 'timestamptz' })
  readAt: Date;
}
