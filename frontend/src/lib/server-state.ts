import type { DehydratedState } from '@tanstack/react-query';

/**
 * What a server-rendered page starts from (`entry-server.tsx` writes it, the gateway puts it in
 * `<script type="application/json" id="server-state">`): the query cache the page was rendered
 * from, and the router's loader data (all null: the loaders only start reads).
 */
export interface ServerState {
  queries: DehydratedState;
  loaderData: Record<string, unknown>;
}

/**
 * The state of the page the server rendered, or null for the plain page (a render the gateway
 * skipped, the service worker's cached shell). Taken once: the element is removed.
 */
export function takeServerState(doc: Document = document): ServerState | null {
  const element = doc.getElementById('server-state');
  if (!element) return null;
  element.remove();
  try {
    const state = JSON.parse(element.textContent ?? '') as Partial<ServerState> | null;
    if (!state || typeof state.queries !== 'object' || typeof state.loaderData !== 'object') return null;
    return state as ServerState;
  } catch {
    return null;
  }
}
