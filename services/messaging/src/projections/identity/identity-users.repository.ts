import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { IdentityUsersProjection } from '@dinebuds/projections';
import { MESSAGING_SCHEMA } from '../../config.js';
import { DeletedUserEntity } from './deleted-user.entity.js';
import { MessagingUserEntity } from './messaging-user.entity.js';

/** Messaging's projection of identity's users, and tombstones of deleted users. */
@Injectable()
export class IdentityUsersRepository extends IdentityUsersProjection<MessagingUserEntity> {
  constructor() {
    super(MESSAGING_SCHEMA, MessagingUserEntity, DeletedUserEntity);
  }

  /** Which of `ids` are known users. */
  async existing(manager: EntityManager, ids: number[]): Promise<Set<number>> {
    const rows = await manager.find(MessagingUserEntity, {
      select: { id: true },
      where: ids.map((id) => ({ id })),
    });
    return new Set(rows.map((row) => row.id));
  }
}
