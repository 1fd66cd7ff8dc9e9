import {
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
  type Relation,
} from 'typeorm';
import { REVIEWS_SCHEMA } from '../config.js';
import { RestaurantEntity } from '../restaurants/restaurant.entity.js';

/** A restaurant a user saved, once per user and restaurant. The index is (user_id, id DESC) in the migration. */
@Entity({ schema: REVIEWS_SCHEMA, name: 'saved_restaurants' })
@Unique('saved_restaurants_user_restaurant_key', ['userId', 'restaurantId'])
@Index('saved_restaurants_user_idx', ['userId', 'id'])
export class SavedRestaurantEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'saved_restaurants_pkey' })
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'restaurant_id', type: 'integer' })
  restaurantId: number;

  @ManyToOne(() => RestaurantEntity, { nullable: false })
  @JoinColumn({ name: 'restaurant_id', foreignKeyConstraintName: 'saved_restaurants_restaurant_id_fkey' })
  restaurant?: Relation<RestaurantEntity>;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}
