import { describe, expect, it } from '@jest/globals';
import { MODERATION_MESSAGES as M } from '@dinebuds/contracts';
import { DomainError } from '@dinebuds/errors';
import { assertAdmin, decisionReason, personOf } from './admin.policy.js';

describe('admin rules', () => {
  it('lets an admin through and refuses anyone else with 403', () => {
    expect(() => assertAdmin({ isAdmin: true })).not.toThrow();
    expect(() => assertAdmin({ isAdmin: false })).toThrow(new DomainError('FORBIDDEN', M.adminsOnly));
  });

  it('reads a person from a join, null when the projection has no row', () => {
    expect(personOf({ id: 3, username: 'ann', name: 'Ann', profilePicture: null })).toEqual({
      id: 3,
      username: 'ann',
      name: 'Ann',
      profilePicture: null,
    });
    expect(personOf({ id: 3, username: null, name: null, profilePicture: null })).toBeNull();
  });

  it('keeps a trimmed note, a blank one is none', () => {
    expect(decisionReason('  spam  ')).toBe('spam');
    expect(decisionReason('   ')).toBeNull();
    expect(decisionReason(undefined)).toBeNull();
  });
});
