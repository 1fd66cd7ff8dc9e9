import {
  Check,
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import { REVIEWS_SCHEMA } from '../config.js';
import { RestaurantEntity } from '../restaurants/restaurant.entity.js';

/**
 * A user's review of a restaurant; `version` is +1 per change (its events' aggregateVersion).
 * Both indexes are (…, id DESC) in the migration (TypeORM's @Index has no column order).
 */
@Entity({ schema: REVIEWS_SCHEMA, name: 'reviews' })
@Check('reviews_rating_check', `"rating" BETWEEN 1 AND 5`)
@Index('reviews_user_idx', ['userId', 'id'])
@Index('reviews_restaurant_idx', ['restaurantId', 'id'])
export class ReviewEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'reviews_pkey' })
  id: number;

  /** Identity's user id. */
  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'restaurant_id', type: 'integer' })
  restaurantId: number;

  @ManyToOne(() => RestaurantEntity, { nullable: false })
  @JoinColumn({ name: 'restaurant_id', foreignKeyConstraintName: 'reviews_restaurant_id_fkey' })
  restaurant?: Relation<RestaurantEntity>;

  @Column({ type: 'smallint' })
  rating: number;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  /** 'YYYY-MM-DD'. */
  @Column({ name: 'visit_date', type: 'date', nullable: true })
  visitDate: string | null;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;
}
