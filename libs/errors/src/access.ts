import { MODERATION_MESSAGES } from '@dinebuds/contracts';
import { forbidden } from './domain-error.js';

/**
 * Admin-only work: 403 with the spec's sentence for a caller identity does not mark as admin. The
 * gateway checks it before forwarding and the service that owns the data checks it again.
 */
export function assertAdmin(caller: { isAdmin: boolean }): void {
  if (!caller.isAdmin) throw forbidden(MODERATION_MESSAGES.adminsOnly);
}
