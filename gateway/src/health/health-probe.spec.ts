import { describe, expect, it } from '@jest/globals';
import { isHealthProbe } from './health-probe.js';

describe('health probe', () => {
  it('is the health check alone, with a trailing slash or a query', () => {
    for (const url of ['/api/health', '/api/health/', '/api/health?verbose=1'])
      expect(isHealthProbe(url)).toBe(true);
  });

  it('is nothing else that merely starts the same way', () => {
    for (const url of ['/api/healthz', '/api/health/x', '/api/health-check', '/API/health', '/api/users'])
      expect(isHealthProbe(url)).toBe(false);
  });
});
