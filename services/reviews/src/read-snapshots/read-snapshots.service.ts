import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { JsonText } from '@dinebuds/contracts';
import { Transactions } from '@dinebuds/service-kit';
import type { EntityManager } from 'typeorm';
import { REVIEWS_SETTINGS, type ReviewsSettings } from '../config.js';
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
  /** Recently served snapshots' text by viewer and read, with the version each was computed at. */
  private readonly memory: LRUCache<string, StoredSnapshot> | null;

  constructor(
    private readonly transactions: Transactions,
    private readonly snapshots: ReadSnapshotsRepository,
    @Inject(REVIEWS_SETTINGS) settings: ReviewsSettings,
  ) {
    const maxSize = settings.readSnapshotCacheMb * 1024 * 1024;
    // Sized by the text's UTF-16 bytes, so the bound is the memory the strings take.
    this.memory =
      maxSize > 0
        ? new LRUCache({ maxSize, sizeCalculation: (snapshot) => snapshot.payload.length * 2 + 64 })
        : null;
  }

  /**
   * The viewer's answer to the read `key` as JSON text: the stored one, or `compute`'s answer
   * (then stored). Text, so it travels on to the client without being parsed and written again.
   * With the memory tier on, a read is the viewer's version (one primary-key read) and, when this
   * replica served that version already, no payload leaves PostgreSQL.
   */
  async serve<T>(
    viewerId: number,
    key: string,
    compute: (manager: EntityManager) => Promise<T>,
  ): Promise<JsonText<T>> {
    const outside = this.transactions.outside;
    const memoryKey = `${viewerId}:${key}`;
    if (this.memory) {
      const version = await this.snapshots.currentVersion(outside, viewerId);
      const remembered = this.memory.get(memoryKey);
      if (remembered?.version === version) return remembered.payload;
      const stored = await this.snapshots.stored(outside, viewerId, key);
      if (stored?.version === version) {
        this.memory.set(memoryKey, stored);
        return stored.payload;
      }
    } else {
      const current = await this.snapshots.current(outside, viewerId, key);
      if (current !== null) return current;
    }
    const { version, answer } = await this.transactions.run(
      async (manager) => {
        // The version first: the read below sees the same snapshot of the tables.
        const seen = await this.snapshots.version(manager, viewerId);
        return { version: seen, answer: await compute(manager) };
      },
      { isolation: 'REPEATABLE READ' },
    );
    const payload = JSON.stringify(answer);
    await this.snapshots.store(outside, viewerId, key, version, payload);
    // Remembered at the version it saw: if a write came meanwhile, the next read's version differs.
    this.memory?.set(memoryKey, { version, payload });
    return payload;
  }
}

interface StoredSnapshot {
  /** bigint as text. */
  version: string;
  payload: string;
}
