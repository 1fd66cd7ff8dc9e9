import { Column, Entity } from 'typeorm';
import { ProjectedUserColumns } from '@dinebuds/projections';
import { REVIEWS_SCHEMA } from '../../config.js';

/** reviews' projection of an identity user: what reviewer lists and the privacy rule read. */
@Entity({ schema: REVIEWS_SCHEMA, name: 'users' })
export class IdentityUserEntity extends ProjectedUserColumns {
  @Column({ name: 'is_private', type: 'boolean', default: false })
  isPrivate: boolean;
}
