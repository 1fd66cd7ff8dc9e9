/**
 * After a deploy, a tab still running the previous version asks for chunks whose hashed names no
 * longer exist. The fix is to load the new version: reload the page, once. The time of that reload
 * is kept for the tab's session so a chunk that fails for another reason (the network is gone)
 * shows the error screen instead of reloading in a loop.
 */
const RELOADED_AT_KEY = 'dinebuds:stale-chunk-reload-at';
/** A second failure within this window is not a stale version: show the error. */
export const STALE_CHUNK_RELOAD_WINDOW_MS = 60_000;

/** The messages browsers give a failed dynamic import (Chromium, Firefox, Safari) and Vite's preload. */
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError/i;

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof Error) return CHUNK_ERROR.test(`${error.name} ${error.message}`);
  return typeof error === 'string' && CHUNK_ERROR.test(error);
}

/** True (and remembered) when this is the first chunk failure in the window: the caller reloads. */
export function claimStaleChunkReload(storage: Pick<Storage, 'getItem' | 'setItem'>, now = Date.now()) {
  try {
    const last = Number(storage.getItem(RELOADED_AT_KEY));
    if (last && now - last < STALE_CHUNK_RELOAD_WINDOW_MS) return false;
    storage.setItem(RELOADED_AT_KEY, String(now));
    return true;
  } catch {
    // No session storage (private mode quota): without a memory of the last reload, never loop.
    return false;
  }
}
