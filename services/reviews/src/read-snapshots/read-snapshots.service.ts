import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { JsonAnswer } from '@dinebuds/contracts';
import type { AnswerForm } from '@dinebuds/service-client';
import { Transactions } from '@dinebuds/service-kit';
import type { EntityManager } from 'typeorm';
import { REVIEWS_SETTINGS, type ReviewsSettings } from '../config.js';
import {
  ReadSnapshotsRepository,
  type SnapshotForm,
  type SnapshotPayload,
} from './read-snapshots.repository.js';

/** Off the event loop (zlib's thread pool): a miss compresses 40-90 KB once. */
const gzipAsync = promisify(gzip);

/**
 * Reads served from a per-viewer snapshot (migration 1734100000050): the stored answer while the
 * viewer's read version stands, one primary-key read; otherwise the read runs, in one REPEATABLE
 * READ transaction with the version it saw, and its answer is stored under that version. A write
 * committed after that transaction began bumped the version (triggers, in the writer's own
 * transaction), so the stored answer is already stale and never served: a snapshot can be late by
 * one recompute, never wrong. Only reads that depend on nothing but the tables (no clock, no
 * caller position) may be served this way. Each answer is stored as text and as gzip, and served
 * in the form the caller asked for (AnswerForm).
 */
@Injectable()
export class ReadSnapshotsService {
  /** Recently served snapshots by viewer, read and form, with the version each was computed at. */
  private readonly memory: LRUCache<string, StoredSnapshot> | null;

  constructor(
    private readonly transactions: Transactions,
    private readonly snapshots: ReadSnapshotsRepository,
    @Inject(REVIEWS_SETTINGS) settings: ReviewsSettings,
  ) {
    const maxSize = settings.readSnapshotCacheMb * 1024 * 1024;
    // Sized by the text's UTF-16 bytes (or the gzip's bytes), so the bound is the memory they take.
    this.memory =
      maxSize > 0
        ? new LRUCache({
            maxSize,
            sizeCalculation: ({ payload }) =>
              (typeof payload === 'string' ? payload.length * 2 : payload.byteLength) + 64,
          })
        : null;
  }

  /**
   * The viewer's answer to the read `key` in the form the caller asked for: the stored one, or
   * `compute`'s answer (then stored). Text or gzip, so it travels on to the client without being
   * parsed, written or compressed again. With the memory tier on, a read is the viewer's version
   * (one primary-key read) and, when this replica served that version already, no payload leaves
   * PostgreSQL.
   */
  async serve<T>(
    viewerId: number,
    key: string,
    compute: (manager: EntityManager) => Promise<T>,
    form: AnswerForm,
  ): Promise<JsonAnswer<T>> {
    const kind: SnapshotForm = form.acceptsGzip ? 'gzip' : 'text';
    const payload = await this.payload(viewerId, key, compute, kind);
    return typeof payload === 'string' ? payload : form.gzip<T>(payload);
  }

  private async payload<T>(
    viewerId: number,
    key: string,
    compute: (manager: EntityManager) => Promise<T>,
    kind: SnapshotForm,
  ): Promise<string | Buffer> {
    const outside = this.transactions.outside;
    const memoryKey = `${viewerId}:${key}:${kind}`;
    if (this.memory) {
      const remembered = this.memory.get(memoryKey);
      // Held here: only the version is read. Otherwise the version and the stored row in one read.
      if (remembered && remembered.version === (await this.snapshots.currentVersion(outside, viewerId)))
        return remembered.payload;
      const { version, payload } = await this.snapshots.versionAndCurrent(outside, viewerId, key, kind);
      if (payload !== null) {
        this.memory.set(memoryKey, { version, payload });
        return payload;
      }
    } else {
      const current = await this.snapshots.current(outside, viewerId, key, kind);
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
    const text = JSON.stringify(answer);
    const computed: SnapshotPayload = { text, gzip: await gzipAsync(text) };
    await this.snapshots.store(outside, viewerId, key, version, computed);
    // Remembered at the version it saw: if a write came meanwhile, the next read's version differs.
    this.memory?.set(memoryKey, { version, payload: computed[kind] });
    return computed[kind];
  }
}

interface StoredSnapshot {
  /** bigint as text. */
  version: string;
  payload: string | Buffer;
}
