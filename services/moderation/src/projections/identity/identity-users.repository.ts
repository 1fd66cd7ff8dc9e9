import { Injectable } from '@nestjs/common';
import { IdentityUsersProjection } from '@dinebuds/projections';
import { MODERATION_SCHEMA } from '../../config.js';
import { DeletedUserEntity } from './deleted-user.entity.js';
import { ModerationUserEntity } from './moderation-user.entity.js';

/** Moderation's projection of identity's users, and tombstones of deleted users. */
@Injectable()
export class IdentityUsersRepository extends IdentityUsersProjection<ModerationUserEntity> {
  constructor() {
    super(MODERATION_SCHEMA, ModerationUserEntity, DeletedUserEntity);
  }
}
