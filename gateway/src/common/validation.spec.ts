import { describe, expect, it } from '@jest/globals';
import { BadRequestException } from '@nestjs/common';
import { toErrorBody } from '@dinebuds/errors';
import { BODY_TOO_DEEP, LoginDto, SetFlavorBadgesDto } from '@dinebuds/api-dto';
import { PositiveIntPipe } from './positive-int.pipe.js';
import { createValidationPipe } from './validation.js';

const deepList = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

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

  it("applies the gateway's own rules, stricter than a service's", async () => {
    const body = { userId: 1, badges: [{ category: 'x', badgeId: 'sushi' }] };
    const error = await pipe
      .transform(body, { type: 'body', metatype: SetFlavorBadgesDto, data: '' })
      .catch((e: unknown) => e);
    expect(toErrorBody(error).body.message).toBe('Unknown flavor badge category');
    const short = await run({ username: 'al', password: 'secret1' }).catch((e: unknown) => e);
    expect(toErrorBody(short).body.message).toBe('Username must be at least 3 characters');
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
