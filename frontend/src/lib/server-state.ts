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
  const state = takePageData('server-state', doc) as Partial<ServerState> | null;
  if (!state || typeof state.queries !== 'object' || typeof state.loaderData !== 'object') return null;
  return state as ServerState;
}

/**
 * The JSON the gateway put in a rendered page's `<script type="application/json" id=…>`, or null
 * when the element is missing or its text is not JSON. Taken once: the element is removed.
 */
export function takePageData(id: string, doc: Document = document): unknown {
  const element = doc.getElementById(id);
  if (!element) return null;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') as unknown;
  } catch {
    return null;
  }
}
