import { describe, expect, it } from '@jest/globals';
import { MODERATION_MESSAGES as M } from '@dinebuds/contracts';
import { assertDismissable, shouldQueue } from './reported-message.policy.js';

describe('reported message rules', () => {
  it('dismisses a waiting report once: 404 unknown, 409 already dismissed', () => {
    expect(() => assertDismissable({ status: 'pending' })).not.toThrow();
    expect(() => assertDismissable(null)).toThrow(M.reportedMessageNotFound);
    expect(() => assertDismissable({ status: 'dismissed' })).toThrow(M.reportedMessageDismissed);
  });

  it('queues a report unless the sender or the reporter was deleted', () => {
    expect(shouldQueue(false, false)).toBe(true);
    expect(shouldQueue(true, false)).toBe(false);
    expect(shouldQueue(false, true)).toBe(false);
  });
});
