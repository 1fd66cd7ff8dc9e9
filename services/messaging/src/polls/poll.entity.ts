import { Check, Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { MESSAGING_SCHEMA } from '../config.js';

/** A "Let's eat" poll: the proposer offers places, the receiver's vote (chosenOptionId) decides. */
@Entity({ schema: MESSAGING_SCHEMA, name: 'polls' })
@Check('polls_status_check', `"status" IN ('open', 'decided')`)
export class PollEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'polls_pkey' })
  id: number;

  @Column({ name: 'proposer_id', type: 'integer' })
  proposerId: number;

  @Column({ name: 'receiver_id', type: 'integer' })
  receiverId: number;

  @Column({ type: 'varchar', length: 10, default: 'open' })
  status: 'open' | 'decided';

  @Column({ name: 'chosen_option_id', type: 'integer', nullable: true })
  chosenOptionId: number | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'decided_at', type: 'timestamptz', nullable: true })
  decidedAt: Date | null;
}
