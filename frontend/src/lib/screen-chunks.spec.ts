import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { evaluateChunks, preloadChunks, takeScreenChunks } from './screen-chunks';

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
    const doc = page('<head><link rel="modulepreload" href="/assets/1.js"></head><body></body>');
    const files = Array.from({ length: 8 }, (_, i) => `/assets/${i}.js`);
    const linksAtEachYield: number[] = [];
    const done = preloadChunks(files, doc, 3, async () => {
      linksAtEachYield.push(preloads(doc).length);
    });
    // The first task: three new links (1.js was there already).
    expect(preloads(doc)).toEqual(['/assets/1.js', '/assets/0.js', '/assets/2.js', '/assets/3.js']);
    await done;
    expect(linksAtEachYield).toEqual([4, 7]);
    expect(preloads(doc)).toHaveLength(8);
    expect(new Set(preloads(doc)).size).toBe(8);
    expect(doc.head.querySelector('link[href="/assets/7.js"]')?.getAttribute('crossorigin')).toBe('');
  });

  it('run the most imported first and yield once a task has run for its budget', async () => {
    const ran: string[] = [];
    let clock = 0;
    jest.spyOn(performance, 'now').mockImplementation(() => clock);
    const load = async (file: string) => {
      ran.push(file);
      clock += 3;
      if (file === '/assets/b.js') throw new Error('offline');
    };
    let yields = 0;
    const yieldNow = async () => {
      ran.push('(yield)');
      yields += 1;
    };
    await evaluateChunks(['/assets/screen.js', '/assets/a.js', '/assets/b.js', '/assets/c.js'], load, 5, yieldNow);
    // The screen's own chunk last; a failed chunk does not stop the rest (the screen's import reports it).
    expect(ran).toEqual(['/assets/c.js', '/assets/b.js', '(yield)', '/assets/a.js', '/assets/screen.js', '(yield)']);
    expect(yields).toBe(2);
    jest.restoreAllMocks();
  });
});

