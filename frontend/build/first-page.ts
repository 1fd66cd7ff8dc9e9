/**
 * What the first page of the built app downloads before it can run: the entry module and the
 * chunks index.html modulepreloads, plus its stylesheets. Used by the service worker's app-shell
 * precache (vite.config.ts), the bundle budget test and the web benchmark.
 */
export interface FirstPageFiles {
  /** Paths as written in index.html (`/assets/index-abc.js`). */
  scripts: string[];
  styles: string[];
}

const attribute = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]+)"`).exec(tag)?.[1];

export function firstPageFiles(indexHtml: string): FirstPageFiles {
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const [tag] of indexHtml.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const isModule = tag.startsWith('<script') && attribute(tag, 'type') === 'module';
    const rel = attribute(tag, 'rel');
    const src = isModule
      ? attribute(tag, 'src')
      : rel === 'modulepreload'
        ? attribute(tag, 'href')
        : undefined;
    if (src) scripts.push(src);
    if (rel === 'stylesheet') {
      const href = attribute(tag, 'href');
      if (href) styles.push(href);
    }
  }
  return { scripts, styles };
}
