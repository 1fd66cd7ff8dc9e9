import { describe, expect, it } from '@jest/globals';
import { DomainError } from '@dinebuds/errors';
import { UNSTORABLE_TEXT, hasUnstorableText } from './request-shape.js';
import { rejectUnstorableText } from './service-app.js';

describe('hasUnstorableText', () => {
  it('accepts ordinary text, emoji and non-string values', () => {
    expect(hasUnstorableText({ name: 'Zoë 🍣', bio: null, tags: ['a', 1, true], nested: { x: 'ok' } })).toBe(
      false,
    );
    expect(hasUnstorableText(undefined)).toBe(false);
    expect(hasUnstorableText('\\u0000 is only written, not a NUL')).toBe(false);
  });

  it('finds a NUL character or a lone surrogate in any value or key, however deep', () => {
    expect(hasUnstorableText({ username: 'al\u0000ice' })).toBe(true);
    expect(hasUnstorableText({ badges: [{ city: 'a\ud800b' }] })).toBe(true);
    expect(hasUnstorableText({ bio: 'end\udc00' })).toBe(true);
    expect(hasUnstorableText({ 'a\u0000b': 1 })).toBe(true);
    let deep: unknown = ['\u0000'];
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(hasUnstorableText(deep)).toBe(true);
  });
});

describe('rejectUnstorableText', () => {
  const run = (body: unknown) => {
    let passed: unknown = 'not called';
    rejectUnstorableText({ body }, {}, (error?: unknown) => (passed = error));
    return passed;
  };

  it('passes storable bodies on and refuses the rest with a 400 sentence', () => {
    expect(run({ name: 'Alice' })).toBeUndefined();
    const error = run({ name: 'A\u0000' });
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', message: UNSTORABLE_TEXT, status: 400 });
  });
});
