import { describe, expect, it } from '@jest/globals';
import { SessionCookieRenewals } from './session-renewal.js';

const HOUR = 60 * 60 * 1000;

describe('SessionCookieRenewals', () => {
  it('renews a session on first use, then once per interval while it is used', () => {
    let now = 1_000_000;
    const renewals = new SessionCookieRenewals(HOUR, 100, () => now);
    expect(renewals.due('a')).toBe(true);
    now += HOUR - 1;
    expect(renewals.due('a')).toBe(false);
    expect(renewals.due('b')).toBe(true);
    now += 1;
    expect(renewals.due('a')).toBe(true);
    expect(renewals.due('a')).toBe(false);
  });

  it('forgets sessions renewed longer ago than the interval', () => {
    let now = 0;
    const renewals = new SessionCookieRenewals(HOUR, 100, () => now);
    for (let i = 0; i < 50; i++) renewals.due(`s${i}`);
    expect(renewals.size).toBe(50);
    now += HOUR;
    renewals.due('new');
    expect(renewals.size).toBe(1);
  });

  it('remembers a bounded number of sessions; a forgotten one is only renewed sooner', () => {
    let now = 0;
    const renewals = new SessionCookieRenewals(HOUR, 3, () => now);
    for (const id of ['a', 'b', 'c', 'd']) {
      now += 1;
      expect(renewals.due(id)).toBe(true);
    }
    expect(renewals.size).toBe(3);
    expect(renewals.due('a')).toBe(true);
    expect(renewals.due('d')).toBe(false);
  });
});
