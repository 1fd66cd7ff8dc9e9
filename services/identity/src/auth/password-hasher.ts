import { hash as hashOnThreadPool, type Algorithm, type Options } from '@node-rs/argon2';

// @node-rs/argon2's Algorithm is a const enum, which isolated modules cannot read: Argon2id is 2.
// (Prebuilt binaries per platform: installs with no compiler or headers, as a plain user too.)
const ARGON2ID = 2 as Algorithm;
import { createRequire } from 'node:module';
import type { OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { LowPriorityThreads, type ThreadPriority } from '@dinebuds/runtime-tuning';
import { DEFAULT_PASSWORD_WORK_NICE } from '../config.js';
import { PasswordWorkQueue, defaultPasswordWorkLimits } from './password-work-queue.js';

/** Threads running @node-rs/argon2's synchronous hash and verify at a low OS priority. */
export function argon2Threads(options: { count: number } & ThreadPriority): LowPriorityThreads {
  return new LowPriorityThreads({ modulePath: createRequire(import.meta.url).resolve('@node-rs/argon2'), ...options });
}

/** argon2id work per hash (identity's settings hold the floor and the default). */
export interface Argon2Cost {
  memoryCost: number;
  timeCost: number;
}

/**
 * argon2id password hashing; verifying an unknown user costs the same as a known one. Every hash
 * and verification runs through the bounded PasswordWorkQueue (past it, 503 before any hashing),
 * on threads of their own at a lower OS priority (`argon2Threads`).
 */
export class PasswordHasher implements OnModuleInit, OnModuleDestroy {
  private readonly options: Options & { algorithm: Algorithm; memoryCost: number; timeCost: number };
  private dummyHash: Promise<string> | undefined;

  constructor(
    cost: Argon2Cost,
    private readonly queue = new PasswordWorkQueue(defaultPasswordWorkLimits()),
    private readonly threads = argon2Threads({ count: 1, nice: DEFAULT_PASSWORD_WORK_NICE }),
  ) {
    this.options = {
      algorithm: ARGON2ID,
      memoryCost: cost.memoryCost,
      timeCost: cost.timeCost,
      parallelism: 1,
    };
  }

  /** Makes the dummy hash at start, so the first unknown-user login is not slower than the rest. */
  async onModuleInit(): Promise<void> {
    await this.dummy();
  }

  async onModuleDestroy(): Promise<void> {
    await this.threads.close();
  }

  /** Throws 503 BUSY when password work would be refused now (before a caller's other work). */
  refuseIfBusy(): void {
    this.queue.refuseIfFull();
  }

  hash(password: string): Promise<string> {
    return this.queue.run(() => this.threads.run<string>('hashSync', password, this.options));
  }

  verify(hash: string, password: string): Promise<boolean> {
    return this.queue.run(async () => {
      try {
        return await this.threads.run<boolean>('verifySync', hash, password);
      } catch {
        // A corrupt stored hash must read as a wrong password, not a 500.
        return false;
      }
    });
  }

  /** Burns one verification against a fixed hash, so "no such user" takes as long as "wrong password". */
  async verifyDummy(password: string): Promise<void> {
    await this.verify(await this.dummy(), password);
  }

  private dummy(): Promise<string> {
    // Outside the queue (a refusal must not be cached for good) and off the hashing threads: made
    // once at start on libuv's pool at normal priority, so a start on a busy machine is not held
    // up behind an idle-priority thread.
    this.dummyHash ??= hashOnThreadPool('dinebuds-timing-equaliser', this.options);
    return this.dummyHash;
  }

  /** True when a stored hash was made with weaker settings than today's (rehash on next login). */
  needsRehash(hash: string): boolean {
    const params = phcParams(hash);
    if (!params) return false;
    return (
      params.algorithm !== 'argon2id' ||
      params.m < this.options.memoryCost ||
      params.t < this.options.timeCost
    );
  }
}

/** The algorithm and cost of a PHC argon2 string (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`). */
function phcParams(hash: string): { algorithm: string; m: number; t: number } | null {
  const [, algorithm, , params] = hash.split('$');
  if (!algorithm || !params) return null;
  const values = Object.fromEntries(params.split(',').map((pair) => pair.split('=')));
  const m = Number(values.m);
  const t = Number(values.t);
  return Number.isInteger(m) && Number.isInteger(t) ? { algorithm, m, t } : null;
}
