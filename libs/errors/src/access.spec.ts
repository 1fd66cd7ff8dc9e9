import { describe, expect, it } from '@jest/globals';
import { MODERATION_MESSAGES } from '@dinebuds/contracts';
import { assertAdmin } from './access.js';
import { DomainError } from './domain-error.js';

describe('assertAdmin', () => {
  it('lets an admin through', () => {
    expect(() => assertAdmin({ isAdmin: true })).not.toThrow();
  });

  it('answers 403 with the spec sentence to anyone else', () => {
    let thrown: unknown;
    try {
      assertAdmin({ isAdmin: false });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect((thrown as DomainError).status).toBe(403);
    expect((thrown as DomainError).message).toBe(MODERATION_MESSAGES.adminsOnly);
  });
});
