import { describe, expect, it } from '@jest/globals';
import { MODERATION_MESSAGES as M } from '@dinebuds/contracts';
import { assertPending, contentPreview, planReport, reportCounts, reportFilter } from './report.policy.js';

const failure = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return { code, message };
  }
  return null;
};

describe('content report rules', () => {
  it("reports someone else's known review, its author owning the content", () => {
    expect(planReport(1, 'review', 12, { ownerId: 2 })).toEqual({ contentOwnerId: 2 });
    expect(failure(() => planReport(1, 'review', 12, { ownerId: 1 }))).toEqual({
      code: 'VALIDATION_FAILED',
      message: M.reportOwnReview,
    });
    expect(failure(() => planReport(1, 'review', 12, null))).toEqual({
      code: 'NOT_FOUND',
      message: M.reviewNotFound,
    });
  });

  it('reports a known person but never oneself', () => {
    expect(planReport(1, 'user', 2, { ownerId: 2 })).toEqual({ contentOwnerId: 2 });
    expect(failure(() => planReport(1, 'user', 1, { ownerId: 1 }))?.message).toBe(M.reportYourself);
    expect(failure(() => planReport(1, 'user', 9, null))).toEqual({
      code: 'USER_NOT_FOUND',
      message: M.userNotFound,
    });
  });

  it('filters by status, all by default, and refuses another word', () => {
    expect(reportFilter(undefined)).toBeNull();
    expect(reportFilter('all')).toBeNull();
    expect(reportFilter('dismissed')).toBe('dismissed');
    expect(failure(() => reportFilter('open'))?.message).toBe(M.reportStatusFilter);
  });

  it('decides a pending report once', () => {
    expect(() => assertPending({ status: 'pending' })).not.toThrow();
    expect(failure(() => assertPending(null))?.code).toBe('NOT_FOUND');
    expect(failure(() => assertPending({ status: 'resolved' }))).toEqual({
      code: 'CONFLICT',
      message: M.reportNotPending,
    });
  });

  it('counts every tab, missing statuses as 0', () => {
    expect(
      reportCounts([
        { status: 'pending', count: 2 },
        { status: 'dismissed', count: 1 },
      ]),
    ).toEqual({
      all: 3,
      pending: 2,
      resolved: 0,
      dismissed: 1,
    });
  });

  it('previews a person by name and a review by rating and restaurant', () => {
    const none = { rating: null, restaurantId: null };
    expect(contentPreview('user', { name: 'Ann Lee', username: 'ann' }, none)).toBe('Ann Lee (@ann)');
    expect(contentPreview('user', { name: null, username: null }, none)).toBeNull();
    expect(contentPreview('review', { name: null, username: null }, { rating: 2, restaurantId: 181 })).toBe(
      'A 2-star review of restaurant #181',
    );
    expect(contentPreview('review', { name: null, username: null }, none)).toBeNull();
  });
});
