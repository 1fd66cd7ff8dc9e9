import { describe, expect, it } from '@jest/globals';
import { IdleCollectionPlan } from './idle-collector.js';

const run = (plan: IdleCollectionPlan, samples: number[]) => samples.map((u) => plan.sample(u));

describe('idle collection plan', () => {
  it('collects once after a busy period followed by two quiet seconds', () => {
    const plan = new IdleCollectionPlan();
    expect(run(plan, [0.9, 0.8, 0.01, 0.02, 0.01, 0.0])).toEqual([false, false, false, true, false, false]);
  });

  it('never collects a process that was never busy', () => {
    expect(run(new IdleCollectionPlan(), [0.01, 0.2, 0.3, 0.0, 0.0, 0.0])).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('waits for quiet seconds in a row, and collects again after the next busy period', () => {
    const plan = new IdleCollectionPlan();
    expect(run(plan, [0.7, 0.01, 0.3, 0.01, 0.01, 0.6, 0.0, 0.0])).toEqual([
      false,
      false,
      false,
      false,
      true,
      false,
      false,
      true,
    ]);
  });
});
