import { describe, expect, it } from '@jest/globals';
import { MODERATION_MESSAGES as M } from '@dinebuds/contracts';
import { assertResolvable, feedbackCounts, feedbackFilter, planFeedback } from './feedback.policy.js';

const failure = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return { code, message };
  }
  return null;
};

describe('feedback rules', () => {
  it('keeps one of the four types (any case) and the trimmed text', () => {
    expect(planFeedback({ type: ' Bug ', text: '  The map is slow  ' })).toEqual({
      type: 'bug',
      text: 'The map is slow',
    });
  });

  it('refuses an unknown or too long type, blank or too long text', () => {
    expect(failure(() => planFeedback({ type: 'rant', text: 'x' }))).toEqual({
      code: 'VALIDATION_FAILED',
      message: M.feedbackTypeRequired,
    });
    expect(failure(() => planFeedback({ type: 'x'.repeat(21), text: 'x' }))?.message).toBe(
      M.feedbackTypeTooLong,
    );
    expect(failure(() => planFeedback({ type: 'other', text: '   ' }))?.message).toBe(M.feedbackEmpty);
    expect(failure(() => planFeedback({ type: 'other', text: 'x'.repeat(2001) }))?.message).toBe(
      M.feedbackTooLong,
    );
  });

  it('reads the list filters, all by default', () => {
    expect(feedbackFilter({})).toEqual({ type: null, status: 'all' });
    expect(feedbackFilter({ type: 'compliment', status: 'pending' })).toEqual({
      type: 'compliment',
      status: 'pending',
    });
    expect(failure(() => feedbackFilter({ type: 'rant' }))?.message).toBe(M.feedbackTypeFilter);
    expect(failure(() => feedbackFilter({ status: 'open' }))?.message).toBe(M.feedbackStatusFilter);
  });

  it('resolves unresolved feedback once: 404 unknown, 409 already resolved', () => {
    expect(() => assertResolvable({ resolved: false })).not.toThrow();
    expect(failure(() => assertResolvable(null))).toEqual({ code: 'NOT_FOUND', message: M.feedbackNotFound });
    expect(failure(() => assertResolvable({ resolved: true }))).toEqual({
      code: 'CONFLICT',
      message: M.feedbackAlreadyResolved,
    });
  });

  it('counts every tab, a type with none as 0, the unknown left out', () => {
    expect(
      feedbackCounts([
        { type: 'bug', count: 2 },
        { type: 'other', count: 1 },
        { type: 'rant', count: 5 },
      ]),
    ).toEqual({ all: 3, suggestion: 0, bug: 2, compliment: 0, other: 1 });
  });
});
