import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// runAtNice changes the process it runs in, so each case runs in a child of its own (the build's
// output: `npm test` builds before the suites run).
const built = fileURLToPath(new URL('../dist/process-priority.js', import.meta.url));

interface Threads {
  before: number;
  set: number;
  /** Nice value of every thread after the call, the main thread first. */
  after: number[];
  /** A thread started after the call. */
  later: number;
}

function inChild(nice: number): Threads {
  const script = `
    import { getPriority } from 'node:os';
    import { readdirSync } from 'node:fs';
    import { Worker } from 'node:worker_threads';
    import { runAtNice } from ${JSON.stringify(built)};
    const nices = () => readdirSync('/proc/self/task').map(Number).sort((a, b) => a - b).map((t) => getPriority(t));
    const before = getPriority(0);
    const set = runAtNice(${nice});
    const after = nices();
    const worker = new Worker(new URL('data:text/javascript,' + encodeURIComponent(
      'import { parentPort } from "node:worker_threads"; import { getPriority } from "node:os"; parentPort.postMessage(getPriority(0));',
    )));
    worker.once('message', (later) => {
      console.log(JSON.stringify({ before, set, after, later }));
      void worker.terminate();
    });
  `;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }),
  );
}

const linux = process.platform === 'linux';

describe('runAtNice', () => {
  (linux ? it : it.skip)('sets every thread running now, and threads started later follow', () => {
    const { before, set, after, later } = inChild(7);
    const expected = Math.max(before, 7);
    // V8's and libuv's threads start before any of our code runs: more than the main thread.
    expect(after.length).toBeGreaterThan(1);
    expect(after).toEqual(after.map(() => expected));
    expect(later).toBe(expected);
    if (before < 7) expect(set).toBe(after.length);
  });

  (linux ? it : it.skip)('leaves every thread alone at 0', () => {
    const { before, set, after } = inChild(0);
    expect(set).toBe(0);
    expect(after).toEqual(after.map(() => before));
  });

  it('refuses a value outside 0-19', async () => {
    const { runAtNice } = await import('./process-priority.js');
    expect(() => runAtNice(-1)).toThrow('SERVICE_NICE must be a whole number from 0 to 19');
    expect(() => runAtNice(20)).toThrow('SERVICE_NICE must be a whole number from 0 to 19');
    expect(() => runAtNice(2.5)).toThrow('SERVICE_NICE must be a whole number from 0 to 19');
  });
});
