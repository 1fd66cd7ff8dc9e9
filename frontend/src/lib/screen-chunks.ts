import { takePageData } from './server-state';

/**
 * A rendered page's screen chunks. The gateway lists them in `<script type="application/json"
 * id="screen-chunks">` (gateway/src/spa/route-page.ts, from the build's route-preloads.json), and
 * the app starts them a few per task before it loads the screen. Vite's preload helper would add
 * all of a screen's `<link rel="modulepreload">`s (20-40) in one task: 47-65 ms of /profile's
 * main thread in Lighthouse's trace of a phone, the longest task of its load. The helper then
 * finds them in the head and adds none.
 */

/** Each link costs ~1.5 ms there; Lighthouse counts each task's time four times over 50 ms. */
const LINKS_PER_TASK = 6;

/** The chunk paths the gateway listed, or none (the plain page). Taken once: the element is removed. */
export function takeScreenChunks(doc: Document = document): string[] {
  const files = takePageData('screen-chunks', doc);
  if (!Array.isArray(files)) return [];
  return files.filter((file): file is string => typeof file === 'string' && /^\/[^/]/.test(file));
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Starts downloading each file as a module (`modulepreload`), `perTask` links per task. */
export async function preloadChunks(
  files: string[],
  doc: Document = document,
  perTask = LINKS_PER_TASK,
): Promise<void> {
  const present = new Set(Array.from(doc.getElementsByTagName('link'), (link) => link.getAttribute('href')));
  const missing = files.filter((file) => !present.has(file));
  for (let start = 0; start < missing.length; start += perTask) {
    if (start > 0) await nextTask();
    for (const file of missing.slice(start, start + perTask)) {
      const link = doc.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = file;
      doc.head.appendChild(link);
    }
  }
}
