import { describe, expect, it } from '@jest/globals';
import { ifNoneMatchHits, quotedEtag } from './etag.js';

describe('ETags', () => {
  it('quotes a bare tag and keeps a quoted or weak one', () => {
    expect(quotedEtag('u1-v2')).toBe('"u1-v2"');
    expect(quotedEtag('"u1-v2"')).toBe('"u1-v2"');
    expect(quotedEtag('W/"u1-v2"')).toBe('W/"u1-v2"');
  });

  it.each([
    [undefined, false],
    [null, false],
    ['', false],
    ['"u1-v2"', true],
    ['W/"u1-v2"', true],
    [' "u0-v1" , "u1-v2" ', true],
    ['*', true],
    ['"u1-v3"', false],
    ['u1-v2', false],
  ])('If-None-Match %j against "u1-v2" -> %s', (header, hit) => {
    expect(ifNoneMatchHits(header, '"u1-v2"')).toBe(hit);
    expect(ifNoneMatchHits(header, 'u1-v2')).toBe(hit);
  });
});
