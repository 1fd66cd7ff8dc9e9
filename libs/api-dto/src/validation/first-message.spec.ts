import { describe, expect, it } from '@jest/globals';
import { BODY_TOO_DEEP, bodyStructureProblem } from './body-structure.js';
import { firstValidationMessage, shownFieldName } from './first-message.js';

describe('firstValidationMessage', () => {
  it('prefers a missing or mistyped field over its other rules, else the topmost rule', () => {
    expect(
      firstValidationMessage([
        { property: 'a', constraints: { minLength: 'too short', isString: 'not text' }, children: [] },
      ]),
    ).toBe('not text');
    expect(
      firstValidationMessage([
        { property: 'a', constraints: { maxLength: 'second', minLength: 'first' }, children: [] },
      ]),
    ).toBe('first');
  });

  it('reads nested errors without property paths', () => {
    const nested = {
      property: 'badges',
      children: [
        {
          property: '0',
          children: [{ property: 'badgeId', constraints: { isIn: 'Unknown flavor badge' }, children: [] }],
        },
      ],
    };
    expect(firstValidationMessage([nested])).toBe('Unknown flavor badge');
  });

  it('names an unexpected field', () => {
    expect(
      firstValidationMessage([
        {
          property: 'admin',
          constraints: { whitelistValidation: 'property admin should not exist' },
          children: [],
        },
      ]),
    ).toBe("Unexpected field 'admin'");
  });

  it('shows a client-sent field name short and printable', () => {
    const message = firstValidationMessage([
      { property: 'k'.repeat(5000), constraints: { whitelistValidation: 'x' }, children: [] },
    ]);
    expect(message).toBe(`Unexpected field '${'k'.repeat(40)}…'`);
    expect(shownFieldName('a\u0000b\n')).toBe('a?b?');
  });
});

describe('bodyStructureProblem', () => {
  it('accepts DTO-shaped bodies', () => {
    expect(bodyStructureProblem({ userId: 1, badges: [{ city: 'rome', level: 'bronze' }] })).toBeUndefined();
    expect(bodyStructureProblem(undefined)).toBeUndefined();
  });

  it('refuses nesting that would overflow the recursive validators, without recursing itself', () => {
    const deep = JSON.parse(`{"name":${'['.repeat(200_000)}${']'.repeat(200_000)}}`) as unknown;
    expect(bodyStructureProblem(deep)).toBe(BODY_TOO_DEEP);
  });

  it('refuses keys the whitelist cannot see', () => {
    expect(bodyStructureProblem(JSON.parse('{"__proto__":{"isAdmin":true}}'))).toBe(
      "Unexpected field '__proto__'",
    );
    expect(bodyStructureProblem({ name: 'x', constructor: { prototype: {} } })).toBe(
      "Unexpected field 'constructor'",
    );
    expect(bodyStructureProblem({ badges: [{ toString: 1 }] })).toBe("Unexpected field 'toString'");
  });
});
