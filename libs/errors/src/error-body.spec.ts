import { describe, expect, it } from '@jest/globals';
import { BadRequestException, NotFoundException } from '@nestjs/common';
import { DomainError } from './domain-error.js';
import { UpstreamHttpError, retryAfterOf, toErrorBody } from './error-body.js';

describe('toErrorBody', () => {
  it('maps a domain error code to its status', () => {
    expect(toErrorBody(new DomainError('USERNAME_TAKEN', 'Username already exists')).body).toEqual({
      statusCode: 409,
      message: 'Username already exists',
      error: 'Conflict',
      code: 'USERNAME_TAKEN',
    });
  });

  it('keeps the first validation message as one sentence', () => {
    const error = new BadRequestException([
      'Username must be at least 3 characters',
      'Password must be at least 6 characters',
    ]);
    expect(toErrorBody(error).body.message).toBe('Username must be at least 3 characters');
  });

  it('hides Nest route texts and internals', () => {
    expect(toErrorBody(new NotFoundException('Cannot GET /api/nope')).body.message).toBe('Not found');
    const result = toErrorBody(new TypeError('x is undefined'));
    expect(result).toEqual({
      body: { statusCode: 500, message: 'Internal server error', error: 'Internal Server Error' },
      unexpected: true,
    });
  });

  it('answers parser failures with 400 and 413', () => {
    expect(toErrorBody({ type: 'entity.parse.failed' }).body.statusCode).toBe(400);
    expect(toErrorBody({ type: 'entity.too.large' }).body.statusCode).toBe(413);
  });

  it("answers the parsers' other client errors with a sentence, not zlib's text", () => {
    // What body-parser passes on for a body that claims gzip and is not.
    const zlib = Object.assign(new Error('incorrect header check'), {
      status: 400,
      expose: true,
      code: 'Z_DATA_ERROR',
    });
    expect(toErrorBody(zlib)).toEqual({
      body: { statusCode: 400, message: 'The request body could not be read', error: 'Bad Request' },
      unexpected: false,
    });
    const aborted = Object.assign(new Error('request aborted'), {
      status: 400,
      expose: true,
      type: 'request.aborted',
    });
    expect(toErrorBody(aborted).body.message).toBe('The request body could not be read');
    // A server-side failure is never exposed, whatever status it carries.
    expect(toErrorBody(Object.assign(new Error('boom'), { status: 400 })).body.statusCode).toBe(500);
    expect(toErrorBody(Object.assign(new Error('boom'), { status: 503, expose: true })).body.statusCode).toBe(
      500,
    );
  });

  it('relays an upstream error unchanged', () => {
    expect(
      toErrorBody(new UpstreamHttpError(403, 'You can only change your own profile', 'FORBIDDEN')).body
        .statusCode,
    ).toBe(403);
  });

  it('says the database timed out when a statement hit statement_timeout, with a 504', () => {
    const timeout = Object.assign(new Error('canceling statement due to statement timeout'), {
      driverError: { code: '57014' },
    });
    expect(toErrorBody(timeout).body).toEqual({
      statusCode: 504,
      message: 'The database did not answer in time',
      error: 'Gateway Timeout',
      code: 'QUERY_TIMEOUT',
    });
  });

  it('answers 503 with Retry-After when the database refuses or drops the connection, never 500', () => {
    const tooMany = Object.assign(new Error('sorry, too many clients already'), { code: '53300' });
    const shutdown = Object.assign(new Error('terminating connection'), { driverError: { code: '57P01' } });
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const poolWait = new Error('timeout exceeded when trying to connect');
    for (const error of [tooMany, shutdown, refused, poolWait]) {
      expect(toErrorBody(error).body).toEqual({
        statusCode: 503,
        message: 'The service is busy, please try again in a moment',
        error: 'Service Unavailable',
        code: 'DATABASE_UNAVAILABLE',
      });
      expect(retryAfterOf(error)).toBe(1);
    }
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    expect(toErrorBody(unique).body.statusCode).toBe(500);
    expect(retryAfterOf(unique)).toBeUndefined();
  });

  it('gives the Retry-After of a busy or throttled answer', () => {
    expect(retryAfterOf(new DomainError('BUSY', 'Busy', 2))).toBe(2);
    expect(retryAfterOf(new UpstreamHttpError(503, 'Busy', 'BUSY', 1.2))).toBe(2);
    expect(retryAfterOf(new DomainError('NOT_FOUND', 'Nope'))).toBeUndefined();
    expect(toErrorBody(new DomainError('BUSY', 'Busy', 1)).body.statusCode).toBe(503);
  });
});
