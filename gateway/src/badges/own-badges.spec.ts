import { describe, expect, it } from '@jest/globals';
import { ForbiddenException } from '@nestjs/common';
import { OWN_BADGES_ONLY, assertOwnBadges } from './badges.controller.js';

describe('assertOwnBadges', () => {
  it('lets owners and admins through and refuses anyone else', () => {
    expect(() => assertOwnBadges({ userId: 1, isAdmin: false, sessionId: 's' }, 1)).not.toThrow();
    expect(() => assertOwnBadges({ userId: 2, isAdmin: true, sessionId: 's' }, 1)).not.toThrow();
    expect(() => assertOwnBadges({ userId: 2, isAdmin: false, sessionId: 's' }, 1)).toThrow(
      new ForbiddenException(OWN_BADGES_ONLY),
    );
  });
});
