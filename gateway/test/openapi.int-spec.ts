import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RunningGateway } from '../src/index.js';
import { startLoneGateway } from './support/gateway-under-test.js';

interface Schema {
  $ref?: string;
  type?: string;
  items?: Schema;
  format?: string;
  properties?: Record<string, Schema>;
}

interface Operation {
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
  security?: unknown[];
}

type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

/** Routes that answer image bytes, not JSON: their 2xx is binary per image type. */
const IMAGE_ROUTES = new Set(['GET /api/users/{id}/profile-picture', 'GET /api/restaurants/{id}/photo']);
/** Server-sent event streams: their 2xx is `text/event-stream` (the frames are described in text). */
const STREAM_ROUTES = new Set(['GET /api/messages/stream']);
/** Downloads answered as CSV text (the data export). */
const CSV_ROUTES = new Set(['GET /api/user/export/reviews.csv', 'GET /api/user/export/saved.csv']);
/**
 * The health check answers @nestjs/terminus's shape, left out here: it belongs to the
 * observability work, not to the API the frontend reads.
 */
const UNCHECKED = new Set(['GET /api/health']);

/** A schema that says what the body is: a named class, an array of one, or a typed object. */
function isTyped(schema: Schema | undefined): boolean {
  if (!schema) return false;
  if (schema.$ref) return true;
  if (schema.type === 'array') return isTyped(schema.items);
  return schema.type === 'object'
    ? Object.keys(schema.properties ?? {}).length > 0
    : schema.type !== undefined;
}

function operations(doc: Document): { key: string; op: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );
}

/**
 * The OpenAPI description (/api/docs-json) is built from the controllers alone: a gateway with no
 * service behind it serves the whole of it. Every route must say what its success answers.
 */
describe('the OpenAPI description', () => {
  let gateway: RunningGateway;
  let doc: Document;

  beforeAll(async () => {
    // (With the tests' admission limits: a loaded machine must not shed the one request it reads.)
    gateway = await startLoneGateway();
    const res = await fetch(`${gateway.url}/api/docs-json`);
    expect(res.status).toBe(200);
    doc = (await res.json()) as Document;
  });

  afterAll(async () => {
    await gateway?.close();
  });

  it('gives every route a typed 2xx answer (image routes: their image types)', () => {
    const untyped: string[] = [];
    for (const { key, op } of operations(doc)) {
      const success = Object.entries(op.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
      if (UNCHECKED.has(key)) continue;
      const typed = IMAGE_ROUTES.has(key)
        ? success.some(([, r]) =>
            Object.entries(r.content ?? {}).some(
              ([type, c]) => type.startsWith('image/') && c.schema?.format === 'binary',
            ),
          )
        : STREAM_ROUTES.has(key)
          ? success.some(([, r]) => r.content?.['text/event-stream']?.schema !== undefined)
          : CSV_ROUTES.has(key)
            ? success.some(([, r]) => r.content?.['text/csv']?.schema !== undefined)
            : success.some(([, r]) => isTyped(r.content?.['application/json']?.schema));
      if (!typed) untyped.push(key);
    }
    expect(untyped).toEqual([]);
  });

  it('names every class a schema points to', () => {
    const refs = JSON.stringify(doc.paths).match(/#\/components\/schemas\/[A-Za-z0-9_]+/g) ?? [];
    for (const ref of new Set(refs)) expect(doc.components.schemas[ref.split('/').pop()!]).toBeDefined();
  });

  it('lists on every route the errors its kind can give, with the one error body', () => {
    const missing: string[] = [];
    for (const { key, op } of operations(doc)) {
      const [method] = key.split(' ');
      const expected = [
        '415',
        '503',
        ...(key === 'GET /api/health' ? [] : ['429']),
        ...((op.security ?? []).length > 0 ? ['401'] : []),
        ...(method === 'GET' ? [] : ['400', '413']),
      ];
      for (const status of expected) if (!op.responses?.[status]) missing.push(`${key} ${status}`);
    }
    expect(missing).toEqual([]);
    const logout = doc.paths['/api/logout'].post.responses?.['415'];
    expect(logout?.content?.['application/json']?.schema?.$ref).toBe('#/components/schemas/ErrorResponse');
  });

  it('documents what the reviews area answers, errors included', () => {
    const statuses = (key: string) => {
      const [method, path] = key.split(' ');
      return Object.keys(doc.paths[path]?.[method.toLowerCase()]?.responses ?? {}).sort();
    };
    expect(statuses('GET /api/reviews')).toEqual(['200', '400', '403', '404', '415', '429', '503']);
    expect(statuses('POST /api/reviews')).toEqual(['201', '400', '401', '403', '413', '415', '429', '503']);
    expect(statuses('POST /api/restaurants/{id}/photo')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '413',
      '415',
      '429',
      '503',
    ]);
    expect(statuses('GET /api/restaurants/{id}/photo')).toEqual([
      '200',
      '304',
      '400',
      '404',
      '415',
      '429',
      '503',
    ]);
    const detail = doc.components.schemas.RestaurantDetailSchema as { required?: string[] };
    expect(detail.required).toEqual(
      expect.arrayContaining(['photoUrl', 'hasPhoto', 'moodTags', 'reviews', 'averageRating']),
    );
  });
});
