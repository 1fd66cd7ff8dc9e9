import { afterEach, describe, expect, it } from '@jest/globals';
import { LowPriorityThreads } from './low-priority-threads.js';

let threads: LowPriorityThreads | undefined;

afterEach(async () => {
  await threads?.close();
  threads = undefined;
});

describe('low-priority threads', () => {
  it("run the module's named functions on a thread of their own and hand back answers and errors", async () => {
    threads = new LowPriorityThreads({ modulePath: 'node:path', count: 2, nice: 10 });
    expect(await threads.run<string>('join', '/a', 'b', '../c')).toBe('/a/c');
    expect(await threads.run<string>('basename', '/x/y.txt', '.txt')).toBe('y');
    await expect(threads.run('noSuchFunction')).rejects.toThrow();
    await threads.close();
    threads = new LowPriorityThreads({ modulePath: 'node:fs', count: 1, nice: 10 });
    await expect(threads.run('readFileSync', '/no/such/file')).rejects.toThrow('ENOENT');
  });

  it('run at the lower priority they were given (a nice value is per thread on Linux)', async () => {
    threads = new LowPriorityThreads({ modulePath: 'node:path', count: 1, nice: 7 });
    expect(await threads.priority()).toBe(7);
  });

  it('replace a thread that died', async () => {
    threads = new LowPriorityThreads({ modulePath: 'node:path', count: 1, nice: 10 });
    await threads.priority();
    await threads.close();
    expect(await threads.run<string>('join', 'a', 'b')).toBe('a/b');
  });
});
