import { describe, expect, it } from '@jest/globals';
import type { Caller } from '@dinebuds/contracts';
import { ServiceEvents, Transactions } from '@dinebuds/service-kit';
import { newTestService } from '@dinebuds/testing';
import type { EntityManager } from 'typeorm';
import { RestaurantsRepository } from '../restaurants/restaurants.repository.js';
import type { ReviewRow } from './reviews.repository.js';
import { ReviewsRepository } from './reviews.repository.js';
import { REVIEW_CHANGED_COLUMNS } from './review-events.js';
import { ReviewsService } from './reviews.service.js';

const manager = {} as EntityManager;
const caller: Caller = { userId: 4, isAdmin: false, sessionId: null };
const created = new Date('2026-01-02T03:04:05.678Z');
const row: ReviewRow = {
  id: 11,
  user_id: 4,
  restaurant_id: 3,
  rating: 5,
  notes: 'cozy',
  visit_date: null,
  version: 1,
  created_at: created,
  updated_at: created,
  r_name: 'Lou Malnati’s',
  r_address: '439 N Wells St, Chicago, IL 60654',
  r_city: 'chicago',
  r_latitude: 41.89,
  r_longitude: -87.63,
  r_location_approximate: true,
  r_photo_version: 0,
  city_key: 'chicago',
  created_at_iso: created.toISOString(),
};
const request = { restaurantName: row.r_name, address: row.r_address, rating: 5, notes: ' cozy ' };

function setup() {
  const test = newTestService(ReviewsService);
  test.mock(Transactions).run.mockImplementation((work) => work(manager));
  return test;
}

describe('writing a review', () => {
  it('of a known place: one statement with its event, then the relay is woken; no transaction', async () => {
    const { sut, mock } = setup();
    const statement = { insertFrom: () => ({ sql: '', params: [] }) };
    mock(ServiceEvents).statementEvent.mockReturnValue(statement);
    mock(ReviewsRepository).insertAtKnownPlace.mockResolvedValue(row);
    const review = await sut.create(caller, request);
    expect(mock(ServiceEvents).statementEvent.mock.calls).toEqual([
      ['reviews.review.created', REVIEW_CHANGED_COLUMNS],
    ]);
    expect(mock(ReviewsRepository).insertAtKnownPlace.mock.calls[0].slice(1)).toEqual([
      { nameKey: 'lou malnatis', addressKey: '439 n wells st chicago il 60654', exact: false },
      { userId: 4, rating: 5, notes: 'cozy', visitDate: null },
      statement,
    ]);
    expect(mock(ServiceEvents).publishSoon).toHaveBeenCalled();
    expect(mock(Transactions).run).not.toHaveBeenCalled();
    expect(review).toMatchObject({ id: 11, restaurantId: 3, createdAt: created.toISOString() });
  });

  it('of a new place: found or created in a transaction that records the event from the row', async () => {
    const { sut, mock } = setup();
    mock(ReviewsRepository).insertAtKnownPlace.mockResolvedValue(null);
    mock(RestaurantsRepository).findOrCreate.mockResolvedValue({ id: 3 } as never);
    mock(ReviewsRepository).insert.mockResolvedValue(row);
    await sut.create(caller, request);
    expect(mock(ServiceEvents).record).toHaveBeenCalledWith(
      manager,
      'reviews.review.created',
      {
        reviewId: 11,
        userId: 4,
        restaurantId: 3,
        rating: 5,
        city: 'chicago',
        createdAt: created.toISOString(),
      },
      1,
    );
    expect(mock(ServiceEvents).publishSoon).not.toHaveBeenCalled();
  });

  it('deleted by its author: the event carries the version after the stored one', async () => {
    const { sut, mock } = setup();
    mock(ReviewsRepository).lock.mockResolvedValue({ id: 11, user_id: 4, version: 2 });
    mock(ReviewsRepository).find.mockResolvedValue({ ...row, version: 2 });
    await sut.delete(caller, { reviewId: 11, reason: 'ignored' });
    expect(mock(ReviewsRepository).delete).toHaveBeenCalledWith(manager, 11);
    expect(mock(ServiceEvents).record).toHaveBeenCalledWith(
      manager,
      'reviews.review.deleted',
      { reviewId: 11, userId: 4, restaurantId: 3, city: 'chicago' },
      3,
    );
    // Deleting one's own review is no admin action, even for an admin.
    expect(mock(ServiceEvents).record).toHaveBeenCalledTimes(1);
  });

  it('deleted by an admin: also recorded as an admin action on the author, in the same transaction', async () => {
    const { sut, mock } = setup();
    mock(ReviewsRepository).lock.mockResolvedValue({ id: 11, user_id: 4, version: 2 });
    mock(ReviewsRepository).find.mockResolvedValue({ ...row, version: 2 });
    await sut.delete({ userId: 9, isAdmin: true, sessionId: null }, { reviewId: 11, reason: ' spam ' });
    expect(mock(ServiceEvents).record).toHaveBeenCalledWith(
      manager,
      'reviews.review.deleted',
      { reviewId: 11, userId: 4, restaurantId: 3, city: 'chicago' },
      3,
    );
    expect(mock(ServiceEvents).record).toHaveBeenCalledWith(manager, 'admin.action.recorded', {
      actionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      action: 'review.deleted',
      actorId: 9,
      targetType: 'review',
      targetId: 11,
      subjectUserId: 4,
      reason: 'spam',
    });
  });

  it("refuses someone else's review to a person who is not an admin", async () => {
    const { sut, mock } = setup();
    mock(ReviewsRepository).lock.mockResolvedValue({ id: 11, user_id: 4, version: 2 });
    await expect(
      sut.delete({ userId: 9, isAdmin: false, sessionId: null }, { reviewId: 11 }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(mock(ReviewsRepository).delete).not.toHaveBeenCalled();
  });
});
