import { ForbiddenException } from '@nestjs/common';
import { MODERATION_MESSAGES, type Caller } from '@dinebuds/contracts';

/**
 * Admin routes answer 403 to a signed-in person who is not an admin (identity's `isAdmin`, carried
 * by the session), before anything is forwarded; moderation checks the same again.
 */
export function assertAdmin(caller: Caller): void {
  if (!caller.isAdmin) throw new ForbiddenException(MODERATION_MESSAGES.adminsOnly);
}
