import { describe, expect, it } from '@jest/globals';
import type { Caller } from '@dinebuds/contracts';
import { ServiceEvents, Transactions } from '@dinebuds/service-kit';
import { newTestService } from '@dinebuds/testing';
import type { EntityManager } from 'typeorm';
import { StatusesRepository, type StatusRow } from './statuses.repository.js';
import { StatusesService } from './statuses.service.js';

const manager = {} as EntityManager;
const caller: Caller = { userId: 4, isAdmin: false, sessionId: null };
const created = new Date('2026-01-02T03:04:05.678Z');
const row: StatusRow = {
  id: 9,
  user_id: 4,
  text: 'Craving dumplings',
  created_at: created,
  username: 'ann',
  name: 'Ann',
  profile_picture: null,
};

function setup() {
  const test = newTestService(StatusesService);
  test.mock(Transactions).run.mockImplementation((work) => work(manager));
  test.mock(StatusesRepository).insert.mockResolvedValue(row);
  return test;
}

describe('posting a status', () => {
  it('stores the trimmed text and records reviews.status.posted in the same transaction', async () => {
    const { sut, mock } = setup();
    const status = await sut.post(caller, '  Craving dumplings ');
    expect(mock(StatusesRepository).insert.mock.calls).toEqual([[manager, 4, 'Craving dumplings']]);
    expect(mock(ServiceEvents).record.mock.calls).toEqual([
      [
        manager,
        'reviews.status.posted',
        { statusId: 9, userId: 4, text: 'Craving dumplings', createdAt: created.toISOString() },
      ],
    ]);
    expect(status).toEqual({
      id: 9,
      user: { id: 4, username: 'ann', name: 'Ann', profilePicture: null },
      text: 'Craving dumplings',
      createdAt: created.toISOString(),
      reactions: { likeCount: 0, likedByMe: false, commentCount: 0 },
    });
  });

  it('refuses blank or too long text before any write or event', async () => {
    const { sut, mock } = setup();
    await expect(sut.post(caller, '   ')).rejects.toMatchObject({ message: 'Write a status first' });
    await expect(sut.post(caller, 'x'.repeat(141))).rejects.toMatchObject({
      message: 'Statuses must be at most 140 characters',
    });
    expect(mock(Transactions).run).not.toHaveBeenCalled();
    expect(mock(ServiceEvents).record).not.toHaveBeenCalled();
  });
});
