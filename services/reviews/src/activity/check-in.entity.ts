import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { REVIEWS_SCHEMA } from '../config.js';
import { RestaurantEntity } from '../restaurants/restaurant.entity.js';

/**
 * A user's check-in at a restaurant (check-ins/, counted in Activity and the feed). The indexes
 * (user_id, id DESC), one active per user and by restaurant and time are the migrations'.
 */
@Entity({ schema: REVIEWS_SCHEMA, name: 'check_ins' })
@Index('check_ins_user_idx', ['userId', 'id'])
export class CheckInEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'check_ins_pkey' })
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'restaurant_id', type: 'integer' })
  restaurantId: number;

  @ManyToOne(() => RestaurantEntity, { nullable: false })
  @JoinColumn({ name: 'restaurant_id', foreignKeyConstraintName: 'check_ins_restaurant_id_fkey' })
  restaurant?: Relation<RestaurantEntity>;

  @Column({ name: 'checked_in_at', type: 'timestamptz', default: () => 'now()' })
  checkedInAt: Date;

  @Column({ name: 'checked_out_at', type: 'timestamptz', nullable: true })
  checkedOutAt: Date | null;

  /** Active until checked out (by its owner or a newer check-in); past closesAt it counts as closed. */
  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive: boolean;

  /** The optional status line of the check-in. */
  @Column({ type: 'varchar', length: 140, nullable: true })
  status: string | null;
}
