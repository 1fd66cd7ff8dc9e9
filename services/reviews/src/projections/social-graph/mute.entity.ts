import { Entity, PrimaryColumn } from 'typeorm';
import { REVIEWS_SCHEMA } from '../../config.js';

/** A mute standing in social-graph (social.mute.created / removed): the muted leave the muter's discovery. */
@Entity({ schema: REVIEWS_SCHEMA, name: 'mutes' })
export class MuteEntity {
  @PrimaryColumn({ name: 'muter_id', type: 'integer', primaryKeyConstraintName: 'mutes_pkey' })
  muterId: number;

  @PrimaryColumn({ name: 'muted_id', type: 'integer', primaryKeyConstraintName: 'mutes_pkey' })
  mutedId: number;
}
