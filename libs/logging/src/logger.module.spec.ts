import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { AppLogger } from './logger.module.js';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { lines, logger: new AppLogger(pino({ name: 'identity', level: 'trace' }, stream)) };
}

describe('AppLogger', () => {
  it("writes Nest's (message, context) as JSON named after its component", () => {
    const { lines, logger } = capture();
    logger.log('Nest application successfully started', 'NestApplication');
    expect(lines[0]).toMatchObject({
      name: 'identity',
      level: 30,
      context: 'NestApplication',
      msg: 'Nest application successfully started',
    });
  });

  it('keeps the stack of an error and the fields of an object', () => {
    const { lines, logger } = capture();
    logger.error('boom', 'Error: boom\n    at x', 'Exceptions');
    logger.warn({ queue: 'q1' }, 'Events');
    expect(lines[0]).toMatchObject({
      level: 50,
      msg: 'boom',
      stack: 'Error: boom\n    at x',
      context: 'Exceptions',
    });
    expect(lines[1]).toMatchObject({ level: 40, queue: 'q1', context: 'Events' });
  });
});
