import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from '@jest/globals';
import { Argon2Threads } from './argon2-threads.js';

const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
let threads: Argon2Threads | undefined;

afterEach(async () => {
  await threads?.close();
  threads = undefined;
});

describe('argon2 threads', () => {
  it('hash and verify on a thread of their own', async () => {
    threads = new Argon2Threads({ count: 2, nice: 10 });
    const hash = await threads.hash('Secret#Pass1', OPTIONS);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await threads.verify(hash, 'Secret#Pass1')).toBe(true);
    expect(await threads.verify(hash, 'Wrong#Pass1')).toBe(false);
    // A corrupt stored hash is an error for the caller (PasswordHasher reads it as a wrong password).
    await expect(threads.verify('not-a-hash', 'x')).rejects.toThrow();
  });

  it('run at the lower priority they were given (a nice value is per thread on Linux)', async () => {
    threads = new Argon2Threads({ count: 1, nice: 7 });
    expect(await threads.priority()).toBe(7);
  });

  it('run under SCHED_IDLE when asked (where util-linux chrt can set it), not otherwise', async () => {
    const chrtHere = spawnSync('chrt', ['--help'], { stdio: 'ignore' }).status === 0;
    threads = new Argon2Threads({ count: 1, nice: 7, idle: true });
    expect(await threads.idle()).toBe(chrtHere);
    await threads.close();
    threads = new Argon2Threads({ count: 1, nice: 7 });
    expect(await threads.idle()).toBe(false);
    expect(await threads.priority()).toBe(7);
  });

  it('replace a thread that died', async () => {
    threads = new Argon2Threads({ count: 1, nice: 10 });
    await threads.priority();
    await threads.close();
    const hash = await threads.hash('again', OPTIONS);
    expect(await threads.verify(hash, 'again')).toBe(true);
  });
});
