import { describe, expect, it } from '@jest/globals';
import { BadRequestException } from '@nestjs/common';
import { toErrorBody } from '@dinebuds/errors';
import { LoginDto } from '../auth/auth.dto.js';
import { PositiveIntPipe } from './positive-int.pipe.js';
import { createValidationPipe, firstValidationMessage } from './validation.js';

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
