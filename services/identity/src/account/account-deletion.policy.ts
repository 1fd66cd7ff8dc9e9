import { ACCOUNT_MESSAGES, MODERATION_MESSAGES, type Caller } from '@dinebuds/contracts';
import { badRequest, forbidden } from '@dinebuds/errors';

/**
 * Who may delete whom. A person deletes their own account with their password (AccountService);
 * an admin deletes anybody else by id, never themselves (spec 2: "You cannot delete your own
 * account!").
 */
export function assertAdminMayDelete(caller: Caller, targetId: number): void {
  if (!caller.isAdmin) throw forbidden(MODERATION_MESSAGES.adminsOnly);
  if (caller.userId === targetId) throw badRequest(ACCOUNT_MESSAGES.cannotDeleteSelf);
}
