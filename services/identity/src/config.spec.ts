import { describe, expect, it } from '@jest/globals';
import { identityOptionsFromEnv, identitySettings, MAX_TIMER_DELAY_MS } from './config.js';

describe('identity settings', () => {
  it('fills every default', () => {
    const settings = identitySettings({ passwordWork: { concurrency: 2 } });
    expect(settings).toEqual({
      argon2: { memoryCost: 19456, timeCost: 2 },
      passwordWork: { concurrency: 2, maxQueued: 16, maxWaitMs: 1000 },
      passwordWorkNice: 10,
      loginThrottle: { freeFailures: 5, baseLockMs: 30_000, maxLockMs: 900_000, maxTracked: 100_000 },
      sessionTtlMs: 30 * 24 * 60 * 60 * 1000,
      sessionPurgeIntervalMs: 60 * 60 * 1000,
    });
    expect(identitySettings({}).passwordWork.concurrency).toBeGreaterThanOrEqual(1);
  });

  it('keeps what the options give', () => {
    const settings = identitySettings({
      argon2: { memoryCost: 65536 },
      passwordWork: { concurrency: 1, maxQueued: 0, maxWaitMs: 2000 },
      loginThrottle: { freeFailures: 2, baseLockMs: 60_000 },
      adminUsername: 'root',
      adminPassword: 'Sup3r-secret',
    });
    expect(settings).toMatchObject({
      argon2: { memoryCost: 65536, timeCost: 2 },
      passwordWork: { concurrency: 1, maxQueued: 0, maxWaitMs: 2000 },
      loginThrottle: { freeFailures: 2, baseLockMs: 60_000, maxLockMs: 900_000 },
      adminUsername: 'root',
    });
  });

  it('refuses argon2 below the OWASP floor, a half-configured admin and bad limits, naming each', () => {
    expect(() => identitySettings({ argon2: { memoryCost: 4096 } })).toThrow(/argon2\.memoryCost/);
    expect(() => identitySettings({ argon2: { timeCost: 1 } })).toThrow(/argon2\.timeCost/);
    expect(() => identitySettings({ adminUsername: 'root' })).toThrow(/adminPassword/);
    expect(() => identitySettings({ passwordWorkNice: 20 })).toThrow(/passwordWorkNice/);
    expect(() => identitySettings({ passwordWork: { concurrency: 0 } })).toThrow(/passwordWork\.concurrency/);
    expect(() => identitySettings({ passwordWork: { maxQueued: -1 } })).toThrow(/passwordWork\.maxQueued/);
    expect(() => identitySettings({ loginThrottle: { baseLockMs: 60_000, maxLockMs: 1000 } })).toThrow(
      /loginThrottle\.maxLockMs/,
    );
    expect(() => identitySettings({ loginThrottle: { freeFailures: 0 } })).toThrow(/freeFailures/);
    expect(() => identitySettings({ sessionTtlMs: 0 })).toThrow(/sessionTtlMs/);
    for (const sessionPurgeIntervalMs of [0, -1, 1.5, MAX_TIMER_DELAY_MS + 1])
      expect(() => identitySettings({ sessionPurgeIntervalMs })).toThrow(/sessionPurgeIntervalMs/);
  });

  it('reads the environment in its units; unset variables leave the defaults', () => {
    expect(identityOptionsFromEnv({})).toEqual({});
    const options = identityOptionsFromEnv({
      ADMIN_USERNAME: 'root',
      ADMIN_PASSWORD: 'Sup3r-secret',
      SESSION_TTL_DAYS: '7',
      SESSION_PURGE_INTERVAL_MINUTES: '5',
      PASSWORD_WORK_CONCURRENCY: '3',
      PASSWORD_WORK_QUEUE: '',
      PASSWORD_WORK_MAX_WAIT_MS: '250',
      PASSWORD_WORK_NICE: '0',
      LOGIN_FREE_FAILURES: '3',
      LOGIN_LOCK_SECONDS: '10',
      LOGIN_LOCK_MAX_SECONDS: '20',
    });
    expect(options).toEqual({
      adminUsername: 'root',
      adminPassword: 'Sup3r-secret',
      sessionTtlMs: 7 * 24 * 60 * 60 * 1000,
      sessionPurgeIntervalMs: 5 * 60 * 1000,
      passwordWork: { concurrency: 3, maxWaitMs: 250 },
      passwordWorkNice: 0,
      loginThrottle: { freeFailures: 3, baseLockMs: 10_000, maxLockMs: 20_000 },
    });
    expect(identitySettings(options).passwordWork).toEqual({ concurrency: 3, maxQueued: 24, maxWaitMs: 250 });
  });

  it('names the variable behind a bad option', () => {
    expect(() =>
      identitySettings(identityOptionsFromEnv({ SESSION_PURGE_INTERVAL_MINUTES: '40000' })),
    ).toThrow(/sessionPurgeIntervalMs \(SESSION_PURGE_INTERVAL_MINUTES\)/);
    expect(() => identitySettings(identityOptionsFromEnv({ PASSWORD_WORK_NICE: '20' }))).toThrow(
      /PASSWORD_WORK_NICE/,
    );
    expect(() => identityOptionsFromEnv({ SESSION_TTL_DAYS: 'soon' })).toThrow(/SESSION_TTL_DAYS/);
    expect(() => identityOptionsFromEnv({ SESSION_TTL_DAYS: '1.5' })).toThrow(/SESSION_TTL_DAYS/);
  });
});
