import { describe, expect, it } from '@jest/globals';
import { BadRequestException } from '@nestjs/common';
import { toErrorBody } from '@dinebuds/errors';
import { LoginDto } from '../auth/auth.dto.js';
import { PositiveIntPipe } from './positive-int.pipe.js';
import {
  BODY_TOO_DEEP,
  bodyStructureProblem,
  createValidationPipe,
  firstValidationMessage,
  shownFieldName,
} from './validation.js';

const deepList = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

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

describe('the global validation pipe', () => {
  const pipe = createValidationPipe();
  const run = (value: unknown) => pipe.transform(value, { type: 'body', metatype: LoginDto, data: '' });

  it('answers one sentence through the error filter', async () => {
    const error = await run({ username: 'ab', password: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestException);
    expect(toErrorBody(error).body).toEqual({
      statusCode: 400,
      message: 'Username must be at least 3 characters',
      error: 'Bad Request',
    });
  });

  it('refuses a body that is not an object', async () => {
    const error = await run([{ username: 'alice', password: 'secret1' }]).catch((e: unknown) => e);
    expect(toErrorBody(error).body.message).toBe('The request body must be a JSON object');
  });

  it('answers 400, not a stack overflow, for a deeply nested field', async () => {
    const body = JSON.parse(`{"username":"alice","password":"secret1","x":${deepList(100_000)}}`) as unknown;
    const error = await run(body).catch((e: unknown) => e);
    expect(toErrorBody(error).body).toEqual({
      statusCode: 400,
      message: BODY_TOO_DEEP,
      error: 'Bad Request',
    });
  });

  it('refuses a __proto__ field like any unknown one', async () => {
    const body = JSON.parse(
      '{"username":"alice","password":"secret1","__proto__":{"isAdmin":true}}',
    ) as unknown;
    const error = await run(body).catch((e: unknown) => e);
    expect(toErrorBody(error).body.message).toBe("Unexpected field '__proto__'");
  });

  it('leaves route values as sent for their own pipe', async () => {
    expect(await pipe.transform('1e3', { type: 'param', metatype: Number, data: 'id' })).toBe('1e3');
  });
});

describe('PositiveIntPipe', () => {
  const pipe = new PositiveIntPipe();
  it.each(['1', '42', '2147483647'])('accepts %s', (value) =>
    expect(pipe.transform(value, { type: 'param', data: 'id' })).toBe(Number(value)),
  );
  it.each(['0', '-1', '1e3', '0x10', '1.5', ' 1', '', 'abc', '2147483648'])('refuses %j', (value) => {
    expect(() => pipe.transform(value, { type: 'param', data: 'id' })).toThrow(
      'id must be a positive integer',
    );
  });
});
