import { Check, Column, Entity, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { REVIEWS_SCHEMA } from '../config.js';

/**
 * A restaurant: one per place (name and address keys, see placeKey), created by its first review
 * or save. Its photo is stored here with a version that is +1 per upload (0: the placeholder).
 */
@Entity({ schema: REVIEWS_SCHEMA, name: 'restaurants' })
@Unique('restaurants_place_key', ['nameKey', 'addressKey'])
@Check('restaurants_price_range_check', `"price_range" IN ('$', '$$', '$$$', '$$$$')`)
@Index('restaurants_city_idx', ['city', 'id'])
export class RestaurantEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'restaurants_pkey' })
  id: number;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ type: 'varchar', length: 200 })
  address: string;

  @Column({ name: 'name_key', type: 'text' })
  nameKey: string;

  @Column({ name: 'address_key', type: 'text' })
  addressKey: string;

  /** cityKey of a catalogue city. */
  @Column({ type: 'varchar', length: 60, nullable: true })
  city: string | null;

  @Column({ type: 'double precision', nullable: true })
  latitude: number | null;

  @Column({ type: 'double precision', nullable: true })
  longitude: number | null;

  /** The city's centre stands in for the place until a review brings coordinates. */
  @Column({ name: 'location_approximate', type: 'boolean', default: false })
  locationApproximate: boolean;

  @Column({ type: 'varchar', length: 60, nullable: true })
  cuisine: string | null;

  @Column({ name: 'price_range', type: 'varchar', length: 4, nullable: true })
  priceRange: string | null;

  @Column({ type: 'varchar', length: 60, nullable: true })
  category: string | null;

  @Column({ type: 'varchar', length: 30, nullable: true })
  phone: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  website: string | null;

  @Column({ type: 'bytea', nullable: true })
  photo: Buffer | null;

  @Column({ name: 'photo_type', type: 'varchar', length: 40, nullable: true })
  photoType: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'photo_version', type: 'integer', default: 0 })
  photoVersion: number;
}
