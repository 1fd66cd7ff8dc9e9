import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { preloadChunks, takeScreenChunks } from './screen-chunks';

function page(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

const preloads = (doc: Document) =>
  Array.from(doc.head.querySelectorAll('link[rel="modulepreload"]'), (link) => link.getAttribute('href'));

describe("a rendered page's screen chunks", () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('are read once; anything but a list of site paths is none', () => {
    const doc = page(
      '<body><script type="application/json" id="screen-chunks">["/assets/a.js","//evil/x.js",3]</script></body>',
    );
    expect(takeScreenChunks(doc)).toEqual(['/assets/a.js']);
    expect(takeScreenChunks(doc)).toEqual([]);
    expect(takeScreenChunks(page('<body></body>'))).toEqual([]);
    expect(
      takeScreenChunks(page('<body><script type="application/json" id="screen-chunks">{</script></body>')),
    ).toEqual([]);
  });

  it('start a few per task, skipping those already in the head', async () => {
    jest.useFakeTimers();
    const doc = page('<head><link rel="modulepreload" href="/assets/1.js"></head><body></body>');
    const files = Array.from({ length: 8 }, (_, i) => `/assets/${i}.js`);
    const done = preloadChunks(files, doc, 3);
    // The first task: three new links (1.js was there already).
    expect(preloads(doc)).toEqual(['/assets/1.js', '/assets/0.js', '/assets/2.js', '/assets/3.js']);
    await jest.runAllTimersAsync();
    await done;
    expect(preloads(doc)).toHaveLength(8);
    expect(new Set(preloads(doc)).size).toBe(8);
    expect(doc.head.querySelector('link[href="/assets/7.js"]')?.getAttribute('crossorigin')).toBe('');
  });
});
