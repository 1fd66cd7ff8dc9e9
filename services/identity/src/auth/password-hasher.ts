import argon2, { type HashOptions } from 'argon2';
import type { OnModuleInit } from '@nestjs/common';
import { ARGON2_DEFAULTS } from '../config.js';
import { PasswordWorkQueue, defaultPasswordWorkLimits } from './password-work-queue.js';

export interface Argon2Cost {
  memoryCost: number;
  timeCost: number;
}

/** Refuses settings below OWASP's argon2id floor (19 MiB memory, 2 passes). */
export function argon2Cost(given?: Partial<Argon2Cost>): Argon2Cost {
  const cost = {
    memoryCost: given?.memoryCost ?? ARGON2_DEFAULTS.memoryCost,
    timeCost: given?.timeCost ?? ARGON2_DEFAULTS.timeCost,
  };
  if (!Number.isInteger(cost.memoryCost) || cost.memoryCost < ARGON2_DEFAULTS.memoryCost) {
    throw new Error(`argon2 memoryCost must be an integer of at least ${ARGON2_DEFAULTS.memoryCost} KiB`);
  }
  if (!Number.isInteger(cost.timeCost) || cost.timeCost < ARGON2_DEFAULTS.timeCost) {
    throw new Error(`argon2 timeCost must be an integer of at least ${ARGON2_DEFAULTS.timeCost}`);
  }
  return cost;
}

/**
 * argon2id password hashing; verifying an unknown user costs the same as a known one. Every hash
 * and verification runs through the bounded PasswordWorkQueue: past it, 503 before any hashing.
 */
export class PasswordHasher implements OnModuleInit {
  private readonly options: HashOptions;
  private dummyHash: Promise<string> | undefined;

  constructor(
    cost: Argon2Cost,
    private readonly queue = new PasswordWorkQueue(defaultPasswordWorkLimits()),
  ) {
    this.options = {
      type: argon2.argon2id,
      memoryCost: cost.memoryCost,
      timeCost: cost.timeCost,
      parallelism: 1,
    };
  }

  /** Makes the dummy hash at start, so the first unknown-user login is not slower than the rest. */
  async onModuleInit(): Promise<void> {
    await this.dummy();
  }

  hash(password: string): Promise<string> {
    return this.queue.run(() => argon2.hash(password, this.options));
  }

  verify(hash: string, password: string): Promise<boolean> {
    return this.queue.run(async () => {
      try {
        return await argon2.verify(hash, password);
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
    // Outside the queue: made once at start, and a refusal must not be cached for good.
    this.dummyHash ??= argon2.hash('dinebuds-timing-equaliser', this.options);
    return this.dummyHash;
  }

  /** True when a stored hash was made with weaker settings than today's (rehash on next login). */
  needsRehash(hash: string): boolean {
    try {
      return argon2.needsRehash(hash, this.options);
    } catch {
      return false;
    }
  }
}
