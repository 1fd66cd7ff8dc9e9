import { Injectable } from '@nestjs/common';
import type { AccessChangeReason } from '@dinebuds/contracts';
import { Outbox } from '@dinebuds/events';
import { currentRequestId } from '@dinebuds/logging';
import type { EntityManager } from 'typeorm';

/**
 * identity.user.access-changed through the outbox, in the transaction that ends a session or
 * changes a role: gateways remember resolved sessions for a few seconds and drop the user's on
 * this notice, so a revocation reaches every replica at once rather than when its memory expires.
 * Whatever ends sessions or changes `isAdmin` (account deactivation and deletion too) records it.
 */
@Injectable()
export class AccessChanges {
  constructor(private readonly outbox: Outbox) {}

  async record(manager: EntityManager, userId: number, reason: AccessChangeReason): Promise<void> {
    await this.outbox.add(
      manager,
      'identity.user.access-changed',
      { userId, reason },
      { requestId: currentRequestId() },
    );
  }
}
