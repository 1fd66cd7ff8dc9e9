import { describe, expect, it } from '@jest/globals';
import { ForbiddenException } from '@nestjs/common';
import { ACT_FOR_YOURSELF, assertActingForSelf } from './act-for-self.js';

describe('assertActingForSelf', () => {
  it('lets a user act for themselves only, admins included', () => {
    expect(() => assertActingForSelf({ userId: 3, isAdmin: false, sessionId: 's' }, 3)).not.toThrow();
    expect(() => assertActingForSelf({ userId: 3, isAdmin: false, sessionId: 's' }, 4)).toThrow(
      new ForbiddenException(ACT_FOR_YOURSELF),
    );
    expect(() => assertActingForSelf({ userId: 1, isAdmin: true, sessionId: 's' }, 4)).toThrow(
      ACT_FOR_YOURSELF,
    );
  });
});
