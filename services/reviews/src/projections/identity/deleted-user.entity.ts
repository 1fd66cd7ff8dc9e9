import { deletedUserEntity } from '@dinebuds/projections';
import { REVIEWS_SCHEMA } from '../../config.js';

/** A tombstone of a deleted identity user: late events about them change nothing. */
export const DeletedUserEntity = deletedUserEntity(REVIEWS_SCHEMA);
