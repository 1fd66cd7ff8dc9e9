import { describe, expect, it } from '@jest/globals';
import { MODERATION_MESSAGES as M } from '@dinebuds/contracts';
import { assertMayAppeal, planAppealOutcome } from './appeal.policy.js';

const codeOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return (error as { code: string; message: string }).message;
  }
  return null;
};

describe('appeal rules', () => {
  const resolvedAboutAnn = { status: 'resolved', contentOwnerId: 1 };

  it('lets the owner of content found against them appeal once', () => {
    expect(codeOf(() => assertMayAppeal(1, resolvedAboutAnn, false))).toBeNull();
    expect(codeOf(() => assertMayAppeal(1, resolvedAboutAnn, true))).toBe(M.appealOnce);
  });

  it('tells anyone else, or about a pending or dismissed report, that there is no such decision', () => {
    expect(codeOf(() => assertMayAppeal(2, resolvedAboutAnn, false))).toBe(M.decisionNotFound);
    expect(codeOf(() => assertMayAppeal(1, { status: 'pending', contentOwnerId: 1 }, false))).toBe(
      M.decisionNotFound,
    );
    expect(codeOf(() => assertMayAppeal(1, { status: 'dismissed', contentOwnerId: 1 }, false))).toBe(
      M.decisionNotFound,
    );
    expect(codeOf(() => assertMayAppeal(1, null, false))).toBe(M.decisionNotFound);
  });

  it('decides a pending appeal once, upheld or overturned', () => {
    expect(planAppealOutcome({ status: 'pending' }, 'overturned')).toBe('overturned');
    expect(codeOf(() => planAppealOutcome({ status: 'pending' }, 'maybe'))).toBe(M.appealOutcome);
    expect(codeOf(() => planAppealOutcome(null, 'upheld'))).toBe(M.appealNotFound);
    expect(codeOf(() => planAppealOutcome({ status: 'upheld' }, 'overturned'))).toBe(M.appealDecided);
  });
});
