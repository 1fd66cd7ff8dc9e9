/**
 * Requests whose every call costs identity an argon2id hash: the gateway bounds them apart from
 * the rest at the door (admission) and gives their RPCs connections of their own.
 */
const PASSWORD_ROUTES = new Set(['/api/login', '/api/register', '/api/user/password']);

export const isPasswordWork = (method: string, url: string): boolean =>
  method === 'POST' && PASSWORD_ROUTES.has(routedPath(url));

/**
 * The path as the router matches it: without the query and trailing slashes, and with
 * percent-escapes decoded (find-my-way routes /api/%6Cogin to /api/login, so the door must not
 * take it for a cheap request). An escape that does not decode is left as it is (the router
 * answers such a path 400 or 404).
 */
function routedPath(url: string): string {
  const path = url.split('?', 1)[0]!;
  let decoded = path;
  if (path.includes('%')) {
    try {
      decoded = decodeURIComponent(path);
    } catch {
      // malformed escape
    }
  }
  return decoded.replace(/\/+$/, '');
}

/** identity's RPCs behind those routes. */
export const PASSWORD_RPCS = ['auth.login', 'auth.register', 'users.changePassword'] as const;
