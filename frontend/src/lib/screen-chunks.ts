import { takePageData } from './server-state';
import { yieldToBrowser } from './yield-to-browser';

/**
 * A rendered page's screen chunks. The gateway lists them in `<script type="application/json"
 * id="screen-chunks">` (gateway/src/spa/route-page.ts, from the build's route-preloads.json), and
 * the app starts them a few per task before it loads the screen. Vite's preload helper would add
 * all of a screen's `<link rel="modulepreload">`s (20-40) in one task: 47-65 ms of /profile's
 * main thread in Lighthouse's trace of a phone, the longest task of its load. The helper then
 * finds them in the head and adds none.
 */

/**
 * Each link costs 1.5-4 ms there (the browser starts its fetch in appendChild); Lighthouse counts
 * each task's time four times over 50 ms.
 */
const LINKS_PER_TASK = 2;

/** The chunk paths the gateway listed, or none (the plain page). Taken once: the element is removed. */
export function takeScreenChunks(doc: Document = document): string[] {
  const files = takePageData('screen-chunks', doc);
  if (!Array.isArray(files)) return [];
  return files.filter((file): file is string => typeof file === 'string' && /^\/[^/]/.test(file));
}

/** Starts downloading each file as a module (`modulepreload`), `perTask` links per task. */
export async function preloadChunks(
  files: string[],
  doc: Document = document,
  perTask = LINKS_PER_TASK,
  yieldNow: () => Promise<void> = yieldToBrowser,
): Promise<void> {
  const present = new Set(Array.from(doc.getElementsByTagName('link'), (link) => link.getAttribute('href')));
  const missing = files.filter((file) => !present.has(file));
  for (let start = 0; start < missing.length; start += perTask) {
    if (start > 0) await yieldNow();
    for (const file of missing.slice(start, start + perTask)) {
      const link = doc.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = file;
      doc.head.appendChild(link);
    }
  }
}

/** Past this, a phone's 4x slower CPU makes a task "long" (50 ms) in Lighthouse's count. */
const EVALUATION_BUDGET_MS = 8;

/**
 * Runs the screen's chunks, the last listed (the most imported: the list is the screen's imports
 * depth first) first, yielding to the browser whenever a task has run for `budgetMs`. Importing
 * the screen would run its whole module graph in one task: 25-30 ms of /, /profile and /discover's
 * load in Lighthouse's trace, 100-150 ms of blocking time on a phone. A chunk that fails is left
 * for the screen's own import to report.
 */
export async function evaluateChunks(
  files: string[],
  load: (file: string) => Promise<unknown> = (file) => import(/* @vite-ignore */ file),
  budgetMs = EVALUATION_BUDGET_MS,
  yieldNow: () => Promise<void> = yieldToBrowser,
): Promise<void> {
  let sliceStart = performance.now();
  for (const file of [...files].reverse()) {
    await load(file).catch(() => undefined);
    if (performance.now() - sliceStart >= budgetMs) {
      await yieldNow();
      sliceStart = performance.now();
    }
  }
}
