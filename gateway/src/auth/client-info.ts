import type { ClientInfo } from '@dinebuds/contracts';

const MAX_USER_AGENT = 512;

/** Where a sign-in comes from, for the Sessions tab. `req.ip` honours the trust-proxy setting. */
export function clientInfo(req: {
  ip?: string;
  headers: Record<string, string | string[] | undefined>;
}): ClientInfo {
  const agent = req.headers['user-agent'];
  const userAgent = typeof agent === 'string' && agent.trim() !== '' ? agent.slice(0, MAX_USER_AGENT) : null;
  return { userAgent, ipAddress: req.ip ?? null };
}
