/**
 * The last visited paths (spec 2 §2: at most 10, never /auth), kept in sessionStorage so the
 * back buttons survive a reload but not a new tab.
 */
const STORAGE_KEY = 'dinebuds.navigationHistory';
export const NAV_HISTORY_LIMIT = 10;

export function readNavHistory(): string[] {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

function writeNavHistory(paths: string[]): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(paths.slice(-NAV_HISTORY_LIMIT)));
  } catch {
    // Storage can be full or disabled (private mode); the back button then falls back to a default.
  }
}

export function recordVisit(path: string): void {
  if (path === '/auth' || path.startsWith('/auth/')) return;
  const history = readNavHistory();
  if (history[history.length - 1] === path) return;
  writeNavHistory([...history, path]);
}

/** The path visited before `current`, removing the entries it passes, or null when none. */
export function popPreviousPath(current: string): string | null {
  const history = readNavHistory();
  while (history.length > 0 && history[history.length - 1] === current) history.pop();
  const previous = history[history.length - 1] ?? null;
  // The previous page is recorded again when it is shown.
  if (previous !== null) history.pop();
  writeNavHistory(history);
  return previous;
}
