import { BadRequestException, UnsupportedMediaTypeException } from '@nestjs/common';

export const MALFORMED_JSON = 'Malformed JSON in request body';
export const UNSUPPORTED_ENCODING = 'Unsupported request encoding';

const UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** '1mb', '512kb', '100' (bytes) or a number, as body-parser read limits: in bytes. */
export function parseByteSize(value: string | number): number {
  if (typeof value === 'number') return value;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(value);
  if (!match) throw new Error(`'${value}' is not a size (e.g. 1mb, 512kb)`);
  return Math.floor(Number(match[1]) * UNITS[(match[2] ?? 'b').toLowerCase()]);
}

/** The charset parameter of a Content-Type, lower-cased, or null. */
function charsetOf(contentType: string | undefined): string | null {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return match ? match[1].toLowerCase() : null;
}

type ParserDone = (error: Error | null, body?: unknown) => void;

/**
 * Fastify's JSON parser for our APIs, strict as body-parser was: only an object or a list (a bare
 * `null`, string or number is malformed), UTF-8 only, and an empty body reads as no body (a
 * body-less POST that still says application/json). Failures are HttpExceptions with the sentences
 * the error body shows.
 */
export function jsonBodyParser() {
  return (
    req: { headers: Record<string, string | string[] | undefined> },
    text: string,
    done: ParserDone,
  ): void => {
    const charset = charsetOf(req.headers['content-type'] as string | undefined);
    if (charset !== null && charset !== 'utf-8' && charset !== 'utf8') {
      done(new UnsupportedMediaTypeException(UNSUPPORTED_ENCODING));
      return;
    }
    const start = text.search(/\S/);
    if (start === -1) {
      done(null, undefined);
      return;
    }
    if (text[start] !== '{' && text[start] !== '[') {
      done(new BadRequestException(MALFORMED_JSON));
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      done(new BadRequestException(MALFORMED_JSON));
      return;
    }
    done(null, body);
  };
}
