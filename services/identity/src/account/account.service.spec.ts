import { describe, expect, it } from '@jest/globals';
import { ACCOUNT_MESSAGES, type Caller } from '@dinebuds/contracts';
import { ServiceEvents, Transactions } from '@dinebuds/service-kit';
import { newTestService } from '@dinebuds/testing';
import type { EntityManager } from 'typeorm';
import { PasswordHasher } from '../auth/password-hasher.js';
import { ReviewTalliesRepository } from '../projections/reviews/review-tallies.repository.js';
import type { UserEntity } from '../users/user.entity.js';
import { UsersRepository, type UserWithCredentials } from '../users/users.repository.js';
import { AccountService } from './account.service.js';

const manager = {} as EntityManager;
const transactions = { outside: manager, run: <T>(work: (m: EntityManager) => Promise<T>) => work(manager) };
const person = (userId: number, isAdmin = false): Caller => ({ userId, isAdmin, sessionId: null });

/** AccountService over mocked repositories; user 7 exists with a hash that 'right' matches. */
function account() {
  const { sut, mock } = newTestService(AccountService, [[Transactions, transactions]]);
  const users = mock(UsersRepository);
  users.findCredentialsById.mockResolvedValue({ id: 7, passwordHash: 'hash' } as UserWithCredentials);
  users.lockById.mockImplementation((_m, id) => Promise.resolve(id === 7 ? ({ id } as UserEntity) : null));
  users.nextVersion.mockResolvedValue(4);
  const hasher = mock(PasswordHasher);
  hasher.verify.mockImplementation((_hash, password) => Promise.resolve(password === 'right'));
  const events = mock(ServiceEvents);
  const tallies = mock(ReviewTalliesRepository);
  return { sut, users, events, tallies };
}

describe('AccountService', () => {
  it("deletes one's own account with the right password: the row, the tallies, the events", async () => {
    const { sut, users, events, tallies } = account();
    await expect(sut.deleteSelf(person(7), 'right')).resolves.toEqual({
      message: ACCOUNT_MESSAGES.accountDeleted,
    });
    expect(users.delete).toHaveBeenCalledWith(manager, 7);
    expect(tallies.deleteAllOf).toHaveBeenCalledWith(manager, 7);
    expect(events.record.mock.calls.map((c) => c.slice(1))).toEqual([
      ['identity.user.deleted', { userId: 7 }, 4],
      ['identity.user.access-changed', { userId: 7, reason: 'account-deleted' }],
    ]);
  });

  it('refuses a wrong password (403) and deletes nothing', async () => {
    const { sut, users, events } = account();
    await expect(sut.deleteSelf(person(7), 'wrong')).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: ACCOUNT_MESSAGES.wrongPassword,
    });
    expect(users.delete).not.toHaveBeenCalled();
    expect(events.record).not.toHaveBeenCalled();
  });

  it('lets an admin delete another person, recorded for the audit log before the deletion', async () => {
    const { sut, users, events } = account();
    await expect(sut.deleteByAdmin(person(1, true), 7)).resolves.toEqual({
      message: ACCOUNT_MESSAGES.userDeleted,
    });
    expect(users.delete).toHaveBeenCalledWith(manager, 7);
    expect(events.record.mock.calls.map((c) => c[1])).toEqual([
      'admin.action.recorded',
      'identity.user.deleted',
      'identity.user.access-changed',
    ]);
    expect(events.record.mock.calls[0][2]).toMatchObject({
      action: 'user.deleted',
      actorId: 1,
      targetType: 'user',
      targetId: 7,
    });
  });

  it('refuses non-admins (403), an admin deleting themselves (400) and unknown people (404)', async () => {
    const { sut, users } = account();
    await expect(sut.deleteByAdmin(person(2), 7)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(sut.deleteByAdmin(person(7, true), 7)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: ACCOUNT_MESSAGES.cannotDeleteSelf,
    });
    await expect(sut.deleteByAdmin(person(1, true), 99)).rejects.toMatchObject({ code: 'USER_NOT_FOUND' });
    expect(users.delete).not.toHaveBeenCalled();
  });
});
