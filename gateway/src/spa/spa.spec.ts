import { describe, expect, it } from '@jest/globals';
import { isApiPath, isSpaRoute, staticCacheControl } from './spa.js';

describe('SPA routing', () => {
  it('leaves /api to the API', () => {
    expect(isApiPath('/api')).toBe(true);
    expect(isApiPath('/api/users')).toBe(true);
    expect(isApiPath('/apiary')).toBe(false);
    expect(isApiPath('/API/health')).toBe(true);
    expect(isApiPath('/Api')).toBe(true);
    expect(isApiPath('/APIary')).toBe(false);
    expect(isSpaRoute('/API/users/1', 'text/html')).toBe(false);
  });

  it('sends client routes to index.html but not files', () => {
    expect(isSpaRoute('/')).toBe(true);
    expect(isSpaRoute('/profile/alice')).toBe(true);
    expect(isSpaRoute('/profile/alice.smith', 'text/html,application/xhtml+xml,*/*;q=0.8')).toBe(true);
    expect(isSpaRoute('/profile/alice.smith', '*/*')).toBe(false);
    expect(isSpaRoute('/favicon.ico')).toBe(false);
    expect(isSpaRoute('/assets/index-abc123.js')).toBe(false);
    expect(isSpaRoute('/api/nope')).toBe(false);
    expect(isSpaRoute('/api/nope', 'text/html')).toBe(false);
    expect(isSpaRoute('/assets/gone-123.js', 'text/html')).toBe(false);
  });

  it('caches hashed assets for a year and revalidates index.html', () => {
    expect(staticCacheControl('/assets/index-abc123.js')).toBe('public, max-age=31536000, immutable');
    expect(staticCacheControl('/index.html')).toBe('no-cache');
    expect(staticCacheControl('/favicon.ico')).toBe('public, max-age=3600');
  });
});
