import { describe, expect, it } from '@jest/globals';
import type { Caller } from '@dinebuds/contracts';
import { type AccessNotices, SessionCache } from './session-cache.js';

const TTL = 10_000;
const alice: Caller = { userId: 1, isAdmin: false, sessionId: 'sa' };
const alicePhone: Caller = { userId: 1, isAdmin: false, sessionId: 'sa2' };
const bob: Caller = { userId: 2, isAdmin: true, sessionId: 'sb' };

function setUp(maxEntries = 100) {
  const notices = { live: true, generation: 1 };
  const clock = { now: 1_000_000 };
  const cache = new SessionCache(notices as AccessNotices, TTL, maxEntries, () => clock.now);
  const remember = (token: string, caller: Caller) => cache.remember(token, caller, cache.ticket());
  return { notices, clock, cache, remember };
}

describe('SessionCache', () => {
  it('answers a remembered session until its lifetime ends', () => {
    const { clock, cache, remember } = setUp();
    expect(cache.get('ta')).toBeNull();
    remember('ta', alice);
    expect(cache.get('ta')).toEqual(alice);
    clock.now += TTL - 1;
    expect(cache.get('ta')).toEqual(alice);
    clock.now += 1;
    expect(cache.get('ta')).toBeNull();
    expect(cache.size).toBe(0);
    expect(cache.lookups).toEqual({ hit: 2, miss: 2 });
  });

  it('never answers a session past its own end, nor keeps one already ended', () => {
    const { clock, cache } = setUp();
    cache.remember('ta', alice, cache.ticket(), clock.now + 3_000);
    cache.remember('tb', bob, cache.ticket(), clock.now + 60_000);
    cache.remember('tc', alicePhone, cache.ticket(), clock.now);
    expect(cache.get('tc')).toBeNull();
    clock.now += 2_999;
    expect(cache.get('ta')).toEqual(alice);
    clock.now += 1;
    expect(cache.get('ta')).toBeNull();
    // The lifetime still bounds a session that ends later.
    expect(cache.get('tb')).toEqual(bob);
    clock.now += TTL;
    expect(cache.get('tb')).toBeNull();
  });

  it('forgets every session of a user on notice, and only theirs', () => {
    const { cache, remember } = setUp();
    remember('ta', alice);
    remember('ta2', alicePhone);
    remember('tb', bob);
    cache.forgetUser(1);
    expect(cache.get('ta')).toBeNull();
    expect(cache.get('ta2')).toBeNull();
    expect(cache.get('tb')).toEqual(bob);
  });

  it('forgets one signed-out session', () => {
    const { cache, remember } = setUp();
    remember('ta', alice);
    remember('ta2', alicePhone);
    cache.forgetSession('ta');
    expect(cache.get('ta')).toBeNull();
    expect(cache.get('ta2')).toEqual(alicePhone);
  });

  it('does not keep an answer when a notice arrived while identity was asked', () => {
    const { cache } = setUp();
    const ticket = cache.ticket();
    cache.forgetUser(2); // any user: the answer may predate the revocation it announces
    cache.remember('ta', alice, ticket);
    expect(cache.get('ta')).toBeNull();
    cache.remember('ta', alice, cache.ticket());
    expect(cache.get('ta')).toEqual(alice);
  });

  it('uses nothing while the notices are not arriving', () => {
    const { notices, cache, remember } = setUp();
    remember('ta', alice);
    notices.live = false;
    expect(cache.get('ta')).toBeNull();
    remember('tb', bob);
    notices.live = true;
    expect(cache.get('tb')).toBeNull();
  });

  it('drops what it remembered before notices could have been missed (a new generation)', () => {
    const { notices, cache, remember } = setUp();
    remember('ta', alice);
    const ticket = cache.ticket();
    notices.generation = 2;
    expect(cache.get('ta')).toBeNull();
    cache.remember('tb', bob, ticket);
    expect(cache.get('tb')).toBeNull();
    remember('tb', bob);
    expect(cache.get('tb')).toEqual(bob);
  });

  it('remembers nothing without notices or with a lifetime of 0', () => {
    const withoutNotices = new SessionCache(null, TTL);
    withoutNotices.remember('ta', alice, withoutNotices.ticket());
    expect(withoutNotices.get('ta')).toBeNull();
    const off = new SessionCache({ live: true, generation: 1 }, 0);
    off.remember('ta', alice, off.ticket());
    expect(off.get('ta')).toBeNull();
    expect(off.size).toBe(0);
  });

  it('holds a bounded number of sessions, the oldest going first', () => {
    const { clock, cache, remember } = setUp(2);
    remember('ta', alice);
    clock.now += 1;
    remember('ta2', alicePhone);
    clock.now += 1;
    remember('tb', bob);
    expect(cache.size).toBe(2);
    expect(cache.get('ta')).toBeNull();
    expect(cache.get('ta2')).toEqual(alicePhone);
    // the user index follows evictions: forgetting alice leaves bob alone
    cache.forgetUser(1);
    expect(cache.get('tb')).toEqual(bob);
    expect(cache.size).toBe(1);
  });
});
