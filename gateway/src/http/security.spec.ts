import { describe, expect, it } from '@jest/globals';
import { DEFAULT_MAP_TILE_URL } from '../gateway-options.js';
import { contentSecurityPolicy, tileImageSource } from './security.js';

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
