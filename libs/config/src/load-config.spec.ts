import { describe, expect, it } from '@jest/globals';
import { ConfigError, envBool, envInt, envPort, envUrl, loadConfig, z } from './load-config.js';

describe('loadConfig', () => {
  const shape = {
    PORT: envPort(4101),
    DATABASE_URL: envUrl(['postgres:', 'postgresql:']).optional(),
    RPC_TIMEOUT_MS: envInt(5000),
    COOKIE_SECURE: envBool(false),
    INTERNAL_TOKEN: z.string().min(16),
  };

  it('applies defaults and coerces values', () => {
    const config = loadConfig(shape, { INTERNAL_TOKEN: 'x'.repeat(16), COOKIE_SECURE: 'true', PORT: '' });
    expect(config).toEqual({
      PORT: 4101,
      DATABASE_URL: undefined,
      RPC_TIMEOUT_MS: 5000,
      COOKIE_SECURE: true,
      INTERNAL_TOKEN: 'x'.repeat(16),
    });
  });

  it('names every bad variable and what it held', () => {
    let error: unknown;
    try {
      loadConfig(shape, { PORT: 'eighty', DATABASE_URL: 'mysql://x', INTERNAL_TOKEN: 'short' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT:');
    expect(message).toContain("(got 'eighty')");
    expect(message).toContain('DATABASE_URL: must be a URL starting with postgres:// or postgresql://');
    expect(message).toContain('INTERNAL_TOKEN');
  });

  it('reports a missing required variable as not set', () => {
    expect(() => loadConfig({ INTERNAL_TOKEN: z.string() }, {})).toThrow(/INTERNAL_TOKEN: .*\(not set\)/);
  });
});
