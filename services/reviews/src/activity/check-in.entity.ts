import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { REVIEWS_SCHEMA } from '../config.js';
import { RestaurantEntity } from '../restaurants/restaurant.entity.js';

/**
 * A user's check-in at a restaurant (counted in Activity; no route writes one yet). The index is
 * (user_id, id DESC) in the migration.
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

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive: boolean;
}
