import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { MESSAGING_SCHEMA } from '../config.js';

/** One proposed restaurant of a poll, in the proposer's order (`position` 0..3). */
@Entity({ schema: MESSAGING_SCHEMA, name: 'poll_options' })
export class PollOptionEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'poll_options_pkey' })
  id: number;

  /** polls.id (the foreign key, ON DELETE CASCADE, is the migration's). */
  @Column({ name: 'poll_id', type: 'integer' })
  pollId: number;

  @Column({ type: 'smallint' })
  position: number;

  @Column({ name: 'restaurant_id', type: 'integer' })
  restaurantId: number;

  @Column({ name: 'restaurant_name', type: 'text' })
  restaurantName: string;
}
