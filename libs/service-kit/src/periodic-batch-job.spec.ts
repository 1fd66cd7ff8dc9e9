import { afterEach, describe, expect, it } from '@jest/globals';
import { PeriodicBatchJob, type PeriodicBatchJobOptions } from './periodic-batch-job.js';

const until = async (test: () => boolean, ms = 2000) => {
  const started = Date.now();
  while (!test()) {
    if (Date.now() - started > ms) throw new Error('condition not met in time');
    await new Promise((done) => setTimeout(done, 5));
  }
};

describe('PeriodicBatchJob', () => {
  let job: PeriodicBatchJob | undefined;
  const startJob = (options: Partial<PeriodicBatchJobOptions> & Pick<PeriodicBatchJobOptions, 'batch'>) => {
    job = new PeriodicBatchJob({
      name: 'test-job',
      intervalMs: 20,
      batchSize: 3,
      done: 'done',
      failed: 'failed',
      ...options,
    });
    job.start();
    return job;
  };

  afterEach(async () => {
    await job?.stop();
    job = undefined;
  });

  it('runs at start, batch after batch until one comes back short, then on each tick', async () => {
    let backlog = 7;
    const sizes: number[] = [];
    startJob({
      intervalMs: 60_000,
      batch: async (size) => {
        sizes.push(size);
        const taken = Math.min(size, backlog);
        backlog -= taken;
        return taken;
      },
    });
    await until(() => backlog === 0 && sizes.length === 3);
    expect(sizes).toEqual([3, 3, 3]);
  });

  it('never runs twice at once, and a failed run is tried again on the next tick', async () => {
    let inFlight = 0;
    let most = 0;
    let calls = 0;
    startJob({
      batch: async () => {
        calls += 1;
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((done) => setTimeout(done, 50));
        inFlight -= 1;
        if (calls === 1) throw new Error('database away');
        return 0;
      },
    });
    await until(() => calls >= 3);
    expect(most).toBe(1);
  });

  it('stop waits for the run in progress, which ends after its batch; no tick runs after', async () => {
    let calls = 0;
    let finished = 0;
    const running = startJob({
      batch: async (size) => {
        calls += 1;
        await new Promise((done) => setTimeout(done, 30));
        finished += 1;
        return size; // a full batch: only stopping ends the run
      },
    });
    await until(() => calls === 1);
    await running.stop();
    expect(finished).toBe(calls);
    const after = calls;
    await new Promise((done) => setTimeout(done, 80));
    expect(calls).toBe(after);
  });
});
