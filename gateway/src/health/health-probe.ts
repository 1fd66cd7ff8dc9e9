/**
 * The gateway's health check (`/api/health`, with a trailing slash or a query): the one request
 * load shedding always lets through, so an orchestrator never restarts a busy replica. Exact, so
 * `/api/healthz` or `/api/health/x` cannot slip past the admission door.
 */
export function isHealthProbe(url: string): boolean {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  return path === '/api/health' || path === '/api/health/';
}
