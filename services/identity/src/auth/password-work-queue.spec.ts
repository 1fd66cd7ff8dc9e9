import { describe, expect, it } from '@jest/globals';
import { DomainError } from '@dinebuds/errors';
import { defaultPasswordWorkLimits, PasswordWorkQueue } from './password-work-queue.js';

/** A job that runs until released, so the test decides when a slot frees up. */
function heldJob() {
  let release!: () => void;
  let started = false;
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    run: async () => {
      started = true;
      await done;
      return 'ok';
    },
    release: () => release(),
    get started() {
      return started;
    },
  };
}

describe('PasswordWorkQueue', () => {
  it('sizes itself to half the cores, at least one', () => {
    expect(defaultPasswordWorkLimits(2).concurrency).toBe(1);
    expect(defaultPasswordWorkLimits(1).concurrency).toBe(1);
    expect(defaultPasswordWorkLimits(8)).toEqual({ concurrency: 4, maxQueued: 32, maxWaitMs: 1000 });
  });

  it('refuses with 503 BUSY and Retry-After at once when the queue is full, before running the work', async () => {
    const queue = new PasswordWorkQueue({ concurrency: 1, maxQueued: 1, maxWaitMs: 5000 });
    const running = heldJob();
    const waiting = heldJob();
    const refused = heldJob();
    const first = queue.run(running.run);
    const second = queue.run(waiting.run);
    const startedAt = Date.now();
    const error = await queue.run(refused.run).catch((e: unknown) => e);
    expect(Date.now() - startedAt).toBeLessThan(50);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'BUSY', status: 503, retryAfterSeconds: 5 });
    expect(refused.started).toBe(false);
    expect(queue.stats).toEqual({ running: 1, waiting: 1 });

    // The slot passes to the waiting job when the first ends.
    running.release();
    await expect(first).resolves.toBe('ok');
    await Promise.resolve();
    expect(waiting.started).toBe(true);
    waiting.release();
    await expect(second).resolves.toBe('ok');
    expect(queue.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('tells a caller beforehand whether it would be refused now', async () => {
    const queue = new PasswordWorkQueue({ concurrency: 1, maxQueued: 1, maxWaitMs: 5000 });
    expect(() => queue.refuseIfFull()).not.toThrow();
    const running = heldJob();
    const waiting = heldJob();
    const first = queue.run(running.run);
    // A slot is taken but one may still wait.
    expect(() => queue.refuseIfFull()).not.toThrow();
    const second = queue.run(waiting.run);
    expect(() => queue.refuseIfFull()).toThrow(
      expect.objectContaining({ code: 'BUSY', retryAfterSeconds: 5 }),
    );
    running.release();
    await first;
    await Promise.resolve();
    expect(() => queue.refuseIfFull()).not.toThrow();
    waiting.release();
    await second;
  });

  it('refuses a caller that waited longer than maxWaitMs, and frees its place', async () => {
    const queue = new PasswordWorkQueue({ concurrency: 1, maxQueued: 4, maxWaitMs: 30 });
    const running = heldJob();
    const late = heldJob();
    const first = queue.run(running.run);
    await expect(queue.run(late.run)).rejects.toMatchObject({ code: 'BUSY', retryAfterSeconds: 1 });
    expect(late.started).toBe(false);
    expect(queue.stats).toEqual({ running: 1, waiting: 0 });
    running.release();
    await first;
    await expect(queue.run(async () => 'after')).resolves.toBe('after');
  });

  it("refuses at once a caller whose turn would come after maxWaitMs, by the recent jobs' duration", async () => {
    let clock = 0;
    const queue = new PasswordWorkQueue({ concurrency: 1, maxQueued: 10, maxWaitMs: 100 }, () => clock);
    // One job of 40 ms ends: the queue now expects 40 ms per job.
    const measured = heldJob();
    const done = queue.run(measured.run);
    await Promise.resolve();
    clock += 40;
    measured.release();
    await done;
    const running = heldJob();
    const first = queue.run(running.run);
    // Two callers can start within 100 ms (after 40 and 80 ms); the third would wait 120 ms.
    const waiting = [heldJob(), heldJob()];
    const queued = waiting.map((job) => queue.run(job.run));
    const late = heldJob();
    await expect(queue.run(late.run)).rejects.toMatchObject({ code: 'BUSY', status: 503 });
    expect(late.started).toBe(false);
    expect(queue.stats).toEqual({ running: 1, waiting: 2 });
    running.release();
    await first;
    for (const job of waiting) {
      await Promise.resolve();
      job.release();
    }
    await expect(Promise.all(queued)).resolves.toEqual(['ok', 'ok']);
  });

  it('releases the slot when the work fails', async () => {
    const queue = new PasswordWorkQueue({ concurrency: 1, maxQueued: 0, maxWaitMs: 10 });
    await expect(queue.run(() => Promise.reject(new Error('argon2 failed')))).rejects.toThrow(
      'argon2 failed',
    );
    await expect(queue.run(async () => 1)).resolves.toBe(1);
  });
});
