import { ForbiddenException } from '@nestjs/common';
import type { Caller } from '@dinebuds/contracts';

export const ACT_FOR_YOURSELF = 'You can only act for yourself';

/**
 * Routes that act as `{id}` (follow, unfollow, accept, reject, the requests list) are for `{id}`
 * alone, admins included; social-graph checks again.
 */
export function assertActingForSelf(caller: Caller, id: number): void {
  if (caller.userId !== id) throw new ForbiddenException(ACT_FOR_YOURSELF);
}
