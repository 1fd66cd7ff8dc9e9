import { Injectable } from '@nestjs/common';
import type { JsonText } from '@dinebuds/contracts';
import { Transactions } from '@dinebuds/service-kit';
import type { EntityManager } from 'typeorm';
import { ReadSnapshotsRepository } from './read-snapshots.repository.js';

/**
 * Reads served from a per-viewer snapshot (migration 1734100000050): the stored answer while the
 * viewer's read version stands, one primary-key read; otherwise the read runs, in one REPEATABLE
 * READ transaction with the version it saw, and its answer is stored under that version. A write
 * committed after that transaction began bumped the version (triggers, in the writer's own
 * transaction), so the stored answer is already stale and never served: a snapshot can be late by
 * one recompute, never wrong. Only reads that depend on nothing but the tables (no clock, no
 * caller position) may be served this way.
 */
@Injectable()
export class ReadSnapshotsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly snapshots: ReadSnapshotsRepository,
  ) {}

  /**
   * The viewer's answer to the read `key` as JSON text: the stored one, or `compute`'s answer
   * (then stored). Text, so it travels on to the client without being parsed and written again.
   */
  async serve<T>(
    viewerId: number,
    key: string,
    compute: (manager: EntityManager) => Promise<T>,
  ): Promise<JsonText<T>> {
    const stored = await this.snapshots.current(this.transactions.outside, viewerId, key);
    if (stored !== null) return stored;
    const { version, answer } = await this.transactions.run(
      async (manager) => {
        // The version first: the read below sees the same snapshot of the tables.
        const seen = await this.snapshots.version(manager, viewerId);
        return { version: seen, answer: await compute(manager) };
      },
      { isolation: 'REPEATABLE READ' },
    );
    const text = JSON.stringify(answer);
    await this.snapshots.store(this.transactions.outside, viewerId, key, version, text);
    return text;
  }
}
