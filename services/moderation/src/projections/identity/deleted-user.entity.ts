import { deletedUserEntity } from '@dinebuds/projections';
import { MODERATION_SCHEMA } from '../../config.js';

/** Tombstone of a deleted identity user: later events about them are ignored. */
export const DeletedUserEntity = deletedUserEntity(MODERATION_SCHEMA);
