import { Column, Entity, PrimaryColumn } from 'typeorm';
import { REVIEWS_SCHEMA } from '../config.js';

/** The version of a user's saved list: reviews.restaurant.saved / unsaved carry it as aggregateVersion. */
@Entity({ schema: REVIEWS_SCHEMA, name: 'save_versions' })
export class SaveVersionEntity {
  @PrimaryColumn({ name: 'user_id', type: 'integer', primaryKeyConstraintName: 'save_versions_pkey' })
  userId: number;

  @Column({ type: 'integer' })
  version: number;
}
