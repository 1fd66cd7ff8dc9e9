import { describe, expect, it } from '@jest/globals';
import { DEFAULT_MAP_TILE_URL } from '../gateway-options.js';
import { contentSecurityPolicy, fixedSecurityHeaders, tileImageSource } from './security.js';

describe('content security policy', () => {
  it('derives the tile image origin from the tile URL template', () => {
    expect(tileImageSource(DEFAULT_MAP_TILE_URL)).toBe('https://*.tile.openstreetmap.org');
    expect(tileImageSource('https://tiles.example.com:8443/{z}/{x}/{y}.png')).toBe(
      'https://tiles.example.com:8443',
    );
    expect(tileImageSource('not a url')).toBeNull();
    expect(tileImageSource("https://evil.com';script-src *")).toBeNull();
  });

  it('allows our own code, OSM and data: images, inline styles; upgrades requests only behind HTTPS', () => {
    const plain = contentSecurityPolicy({
      mapTileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png',
      secure: false,
    });
    expect(plain['script-src']).toEqual(["'self'"]);
    expect(plain['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(plain['img-src']).toEqual(
      expect.arrayContaining([
        "'self'",
        'data:',
        'https://*.tile.openstreetmap.org',
        'https://tiles.example.com',
      ]),
    );
    expect(plain).not.toHaveProperty('upgrade-insecure-requests');
    expect(
      contentSecurityPolicy({ mapTileUrl: DEFAULT_MAP_TILE_URL, secure: true })['upgrade-insecure-requests'],
    ).toEqual([]);
  });
});

describe('fixed security headers', () => {
  it("are helmet's headers for our options, computed once: the policy, nosniff, HSTS only behind HTTPS", async () => {
    const plain = new Map(await fixedSecurityHeaders({ mapTileUrl: DEFAULT_MAP_TILE_URL, secure: false }));
    expect(plain.get('content-security-policy')).toContain(
      "img-src 'self' data: blob: https://*.tile.openstreetmap.org",
    );
    expect(plain.get('x-content-type-options')).toBe('nosniff');
    expect(plain.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(plain.has('strict-transport-security')).toBe(false);
    expect(plain.has('cross-origin-embedder-policy')).toBe(false);
    const secure = new Map(await fixedSecurityHeaders({ mapTileUrl: DEFAULT_MAP_TILE_URL, secure: true }));
    expect(secure.get('strict-transport-security')).toBe('max-age=15552000; includeSubDomains');
    expect(secure.get('content-security-policy')).toContain('upgrade-insecure-requests');
  });
});
