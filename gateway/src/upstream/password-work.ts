/**
 * Requests whose every call costs identity an argon2id hash: the gateway bounds them apart from
 * the rest at the door (admission) and gives their RPCs connections of their own.
 */
const PASSWORD_ROUTES = new Set(['/api/login', '/api/register', '/api/user/password']);

export const isPasswordWork = (method: string, url: string): boolean =>
  method === 'POST' && PASSWORD_ROUTES.has(url.split('?')[0].replace(/\/+$/, ''));

/** identity's RPCs behind those routes. */
export const PASSWORD_RPCS = ['auth.login', 'auth.register', 'users.changePassword'] as const;
