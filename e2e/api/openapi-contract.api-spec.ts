import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Ajv, type ValidateFunction } from 'ajv';
import ajvFormats from 'ajv-formats';
import type { CurrentUserDto, ReviewDto } from '@dinebuds/contracts';
import { createTestDatabase, eventually, query, type TestDatabase } from '@dinebuds/testing';
import { ApiClient, uniqueUsername, type ApiResponse } from '../support/api-client.js';
import { removeDataDir, startAllInOneSystem } from '../support/system.js';

/** The parts of an OpenAPI 3.0 document this test reads. */
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}
interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

const PASSWORD = 'Secret#123';
const ADMIN_USERNAME = uniqueUsername('contractboss');
const ADMIN_PASSWORD = 'Admin#Secret1';
/** The id ajv knows the document's components by; a `#/components/...` ref is rewritten to it. */
const DOCUMENT_ID = 'openapi.json';

/**
 * OpenAPI 3.0 schema → JSON Schema for ajv: `nullable: true` becomes "this, or null" (it also
 * covers a nullable `allOf: [$ref]`, as @nestjs/swagger writes a nullable class), refs point into
 * the document added to ajv, and `example` (not a JSON Schema keyword) goes.
 */
function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (typeof schema !== 'object' || schema === null) return schema;
  const { nullable, example: _example, ...rest } = schema as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (key === 'properties' && typeof value === 'object' && value !== null)
      out[key] = Object.fromEntries(Object.entries(value).map(([name, s]) => [name, toJsonSchema(s)]));
    else if (key === '$ref' && typeof value === 'string' && value.startsWith('#/'))
      out[key] = `${DOCUMENT_ID}${value}`;
    else if (key === 'enum' || key === 'required' || key === 'default') out[key] = value;
    else out[key] = toJsonSchema(value);
  }
  return nullable === true ? { anyOf: [out, { type: 'null' }] } : out;
}

/** One ajv with the document's components, and a compiled validator per documented answer. */
class ContractChecker {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();
  /** `METHOD /path status` of every answer checked, for the coverage test. */
  readonly checked = new Set<string>();

  constructor(private readonly doc: OpenApiDocument) {
    ajvFormats.default(this.ajv);
    // OpenAPI's own formats: sizes of numbers, and file bytes (never JSON here).
    for (const format of ['int32', 'int64', 'float', 'double', 'binary']) this.ajv.addFormat(format, true);
    this.ajv.addSchema(
      { $id: DOCUMENT_ID, components: { schemas: toJsonSchema(doc.components.schemas) } },
      DOCUMENT_ID,
    );
  }

  /** What is wrong with this answer by the document: nothing is an empty list. */
  violations(method: string, template: string, res: ApiResponse): string[] {
    const key = `${method} ${template}`;
    const operation = this.doc.paths[template]?.[method.toLowerCase()];
    if (!operation) return [`${key} is not documented`];
    const documented = operation.responses[String(res.status)];
    if (!documented)
      return [
        `${key} answered ${res.status}, which it does not list (${Object.keys(operation.responses).join(', ')})`,
      ];
    this.checked.add(`${key} ${res.status}`);
    const schema = documented.content?.['application/json']?.schema;
    const isJson = (res.headers.get('content-type') ?? '').startsWith('application/json');
    if (!schema) return isJson ? [`${key} ${res.status} answers JSON its document does not describe`] : [];
    if (!isJson) return [`${key} ${res.status} should answer JSON, got ${res.headers.get('content-type')}`];
    const id = `${key} ${res.status}`;
    let validate = this.validators.get(id);
    if (!validate) {
      validate = this.ajv.compile(toJsonSchema(schema) as object);
      this.validators.set(id, validate);
    }
    if (validate(res.body)) return [];
    return (validate.errors ?? []).map(
      (e) => `${id}: body${e.instancePath} ${e.message} (${JSON.stringify(e.params)})`,
    );
  }
}

/** `/api/users/{id}` with `{ id: 7 }` → `/api/users/7`, plus the query string. */
function fill(template: string, params: Record<string, string | number>, search = ''): string {
  return (
    template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name]))) + search
  );
}

/**
 * The contract tells the truth: a representative set of real calls through the whole system
 * (all-in-one: every service behind the gateway, on real PostgreSQL) and every answer checked
 * against /api/docs-json: its status is one the route lists, its body matches the documented
 * schema (ajv, with the document's components).
 */
describe('the API answers what its OpenAPI document says', () => {
  let baseUrl: string;
  let database: TestDatabase;
  let stop: () => Promise<void>;
  let contract: ContractChecker;
  let anonymous: ApiClient;

  /** Calls a route by its documented path and fails on any violation of the document. */
  async function call<T = unknown>(
    client: ApiClient,
    method: string,
    template: string,
    params: Record<string, string | number> = {},
    body?: unknown,
    init: { search?: string; headers?: Record<string, string>; raw?: BodyInit } = {},
  ): Promise<ApiResponse<T>> {
    const res = await client.request<T>(method, fill(template, params, init.search), body, init);
    expect(contract.violations(method, template, res)).toEqual([]);
    return res;
  }

  async function register(prefix: string, isPrivate = false): Promise<{ id: number; client: ApiClient }> {
    const client = new ApiClient(baseUrl);
    const res = await call<CurrentUserDto>(
      client,
      'POST',
      '/api/register',
      {},
      {
        username: uniqueUsername(prefix),
        password: PASSWORD,
        name: `${prefix} tester`,
        isPrivate,
      },
    );
    expect(res.status).toBe(201);
    const id = res.body.id;
    // Both social-graph and reviews learn the user from identity's event.
    await eventually(async () => {
      const known = await query(
        database.url,
        'SELECT 1 FROM social.users WHERE id = $1 UNION ALL SELECT 1 FROM reviews.users WHERE id = $1',
        [id],
      );
      return known.length === 2;
    }, 20_000);
    return { id, client };
  }

  beforeAll(async () => {
    database = await createTestDatabase('api_openapi_contract');
    const system = await startAllInOneSystem({
      databaseUrl: database.url,
      env: { ADMIN_USERNAME, ADMIN_PASSWORD },
    });
    baseUrl = system.baseUrl;
    stop = async () => {
      await system.stop();
      removeDataDir(system.dataDir);
      await database.drop();
    };
    anonymous = new ApiClient(baseUrl);
    const docs = await anonymous.get<OpenApiDocument>('/api/docs-json');
    expect(docs.status).toBe(200);
    contract = new ContractChecker(docs.body);
  }, 120_000);

  afterAll(async () => {
    await stop?.();
  });

  it('registration, sign-in, the signed-in user and a user by id', async () => {
    const ann = await register('ann');
    expect((await call(ann.client, 'GET', '/api/user')).status).toBe(200);
    expect((await call(ann.client, 'POST', '/api/logout')).status).toBe(200);
    const username = (await call<CurrentUserDto>(anonymous, 'GET', '/api/users/{id}', { id: ann.id })).body
      .username;
    const login = await call(ann.client, 'POST', '/api/login', {}, { username, password: PASSWORD });
    expect(login.status).toBe(200);
    expect((await call(ann.client, 'GET', '/api/user/sessions')).status).toBe(200);
    expect((await call(anonymous, 'GET', '/api/users', {}, undefined, { search: '?limit=5' })).status).toBe(
      200,
    );
    expect(
      (await call(anonymous, 'GET', '/api/users/search', {}, undefined, { search: `?username=${username}` }))
        .status,
    ).toBe(200);
    expect((await call(anonymous, 'GET', '/api/users/by-username/{username}', { username })).status).toBe(
      200,
    );
    expect((await call(anonymous, 'GET', '/api/env')).status).toBe(200);
  }, 60_000);

  it('a follow request to a private user, accepted with and without following back', async () => {
    const pia = await register('pia', true);
    const fay = await register('fay');
    const gus = await register('gus', true);
    const asked = await call(fay.client, 'POST', '/api/users/{id}/follow/{targetId}', {
      id: fay.id,
      targetId: pia.id,
    });
    expect(asked.body).toEqual({ status: 'requested' });
    await call(gus.client, 'POST', '/api/users/{targetId}/follow', { targetId: pia.id });
    expect(
      (await call(pia.client, 'GET', '/api/users/{id}/follow-requests', { id: pia.id })).body,
    ).toHaveLength(2);
    const back = await call(
      pia.client,
      'POST',
      '/api/users/{id}/accept-request/{requesterId}',
      { id: pia.id, requesterId: fay.id },
      { followBack: true },
    );
    expect(back.body).toEqual({ status: 'accepted', followBack: { status: 'following' } });
    const plain = await call(pia.client, 'POST', '/api/users/{id}/accept-request/{requesterId}', {
      id: pia.id,
      requesterId: gus.id,
    });
    expect(plain.body).toEqual({ status: 'accepted', followBack: null });
    await call(pia.client, 'GET', '/api/users/{id}/is-following/{targetId}', {
      id: pia.id,
      targetId: fay.id,
    });
    await call(anonymous, 'GET', '/api/users/{id}/followers/count', { id: pia.id });
    await call(fay.client, 'GET', '/api/users/{id}/followers', { id: pia.id });
    await call(fay.client, 'GET', '/api/users/{id}/following', { id: fay.id });
  }, 60_000);

  it('reviews written and listed, restaurants listed and shown', async () => {
    const rae = await register('rae');
    const created = await call<ReviewDto>(
      rae.client,
      'POST',
      '/api/reviews',
      {},
      {
        restaurantName: 'Contract Diner',
        address: '1 Schema St, Chicago, IL',
        rating: 4,
        notes: 'Every field as documented',
        visitDate: '2024-05-31',
      },
    );
    expect(created.status).toBe(201);
    const restaurantId = created.body.restaurant.id;
    await call(anonymous, 'GET', '/api/reviews', {}, undefined, { search: `?userId=${rae.id}` });
    await call(anonymous, 'GET', '/api/activity', {}, undefined, { search: `?userId=${rae.id}` });
    await call(anonymous, 'GET', '/api/restaurants', {}, undefined, { search: '?city=Chicago' });
    await call(anonymous, 'GET', '/api/restaurants/{id}', { id: restaurantId });
    await call(rae.client, 'POST', '/api/restaurants/{id}/toggle-save', { id: restaurantId });
    await call(rae.client, 'GET', '/api/restaurants/{id}/is-saved', { id: restaurantId });
    await call(rae.client, 'GET', '/api/saved-restaurants');
    await call(rae.client, 'PATCH', '/api/reviews/{id}', { id: created.body.id }, { rating: 5 });
    await call(rae.client, 'DELETE', '/api/reviews/{id}', { id: created.body.id });
  }, 60_000);

  it('discovery: ranked with its why, taste match, search, recommendations and the feed (docs/api-discovery.md)', async () => {
    const kit = await register('kit');
    const lee = await register('lee');
    const written = await call<ReviewDto>(
      kit.client,
      'POST',
      '/api/reviews',
      {},
      { restaurantName: 'Contract Noodles', address: '2 Schema St, Chicago, IL', rating: 5, notes: 'Ranked' },
    );
    expect(written.status).toBe(201);
    await call(lee.client, 'POST', '/api/users/{id}/follow/{targetId}', { id: lee.id, targetId: kit.id });
    await eventually(
      async () =>
        (
          await query(
            database.url,
            'SELECT 1 FROM reviews.follows WHERE follower_id = $1 AND following_id = $2',
            [lee.id, kit.id],
          )
        ).length === 1,
      20_000,
    );
    const ranked = await call<unknown[]>(lee.client, 'GET', '/api/restaurants/ranked', {}, undefined, {
      search: '?city=chicago&sort=buds-like-me',
    });
    expect(ranked.body).toHaveLength(1);
    await call(lee.client, 'GET', '/api/users/{id}/taste-match', { id: kit.id });
    expect(
      (
        await call<unknown[]>(lee.client, 'GET', '/api/restaurants/search', {}, undefined, {
          search: '?q=noodle',
        })
      ).body.length,
    ).toBeGreaterThan(0);
    await call(lee.client, 'GET', '/api/recommendations');
    const feed = await call<{ items: unknown[] }>(lee.client, 'GET', '/api/activity/feed', {}, undefined, {
      search: '?limit=1',
    });
    expect(feed.body.items).toHaveLength(1);
    expect(
      (await call(lee.client, 'GET', '/api/restaurants/ranked', {}, undefined, { search: '?city=' })).status,
    ).toBe(400);
    expect((await call(lee.client, 'GET', '/api/users/{id}/taste-match', { id: lee.id })).status).toBe(400);
    expect((await call(lee.client, 'GET', '/api/users/{id}/taste-match', { id: 2_000_000_000 })).status).toBe(
      404,
    );
    const checkedIn = await call(
      kit.client,
      'POST',
      '/api/check-ins',
      {},
      { restaurantId: written.body.restaurant.id, status: 'Here' },
    );
    expect(checkedIn.status).toBe(201);
    expect((await call<unknown[]>(lee.client, 'GET', '/api/live-hotspots')).body).toHaveLength(1);
    await call(kit.client, 'GET', '/api/check-ins/current');
    const checkInId = (checkedIn.body as { id: number }).id;
    await call(lee.client, 'POST', '/api/check-ins/{id}/like', { id: checkInId });
    expect(
      (await call(lee.client, 'POST', '/api/check-ins/{id}/comments', { id: checkInId }, { text: 'Hi' }))
        .status,
    ).toBe(201);
    await call(kit.client, 'GET', '/api/check-ins/{id}/comments', { id: checkInId });
    await call(lee.client, 'GET', '/api/activity/feed');
    expect((await call(kit.client, 'POST', '/api/check-ins/check-out')).status).toBe(200);
    expect((await call(kit.client, 'POST', '/api/check-ins/check-out')).status).toBe(404);
    expect((await call<unknown[]>(kit.client, 'GET', '/api/check-ins/unreviewed')).body).toHaveLength(1);
    expect((await call<unknown[]>(lee.client, 'GET', '/api/activity/stories')).body).toHaveLength(1);
    await call(kit.client, 'GET', '/api/check-ins/current');
    expect((await call(kit.client, 'POST', '/api/check-ins', {}, { restaurantId: 'x' })).status).toBe(400);
    expect((await call(anonymous, 'GET', '/api/activity/feed')).status).toBe(401);
  }, 60_000);

  it('messages, the inbox, unread counts, reports and polls, with their errors', async () => {
    const [ann, bob, cat] = await Promise.all([register('msga'), register('msgb'), register('msgc')]);
    await eventually(async () => {
      const known = await query(database.url, 'SELECT 1 FROM messaging.users WHERE id = ANY($1::int[])', [
        [ann.id, bob.id, cat.id],
      ]);
      return known.length === 3;
    }, 20_000);
    // Shares and polls name restaurants the server knows (reviews owns them).
    const place = async (restaurantName: string, address: string) =>
      (
        await call<ReviewDto>(
          ann.client,
          'POST',
          '/api/reviews',
          {},
          {
            restaurantName,
            address,
            rating: 5,
            notes: 'For the messaging routes',
          },
        )
      ).body.restaurant.id;
    const nobu = await place('Contract Nobu', '3 Schema St, Chicago, IL');
    const katz = await place('Contract Katz', '4 Schema St, Chicago, IL');
    const sent = await call<{ id: number }>(
      ann.client,
      'POST',
      '/api/messages/send',
      {},
      {
        receiverId: bob.id,
        content: 'Dinner?',
        clientMessageId: 'contract-1',
      },
    );
    expect(sent.status).toBe(201);
    const share = await call(
      ann.client,
      'POST',
      '/api/messages/send',
      {},
      {
        receiverId: bob.id,
        messageType: 'restaurant_share',
        restaurantId: nobu,
        restaurantName: 'Nobu',
      },
    );
    expect(share.status).toBe(201);
    const thread = '/api/messages/conversation/{userId}/{otherUserId}';
    expect((await call(bob.client, 'GET', thread, { userId: bob.id, otherUserId: ann.id })).status).toBe(200);
    expect((await call(cat.client, 'GET', thread, { userId: ann.id, otherUserId: bob.id })).status).toBe(403);
    expect(
      (await call(cat.client, 'GET', thread, { userId: cat.id, otherUserId: 2_000_000_000 })).status,
    ).toBe(404);
    expect((await call(bob.client, 'GET', '/api/messages/unread-count')).status).toBe(200);
    expect((await call(bob.client, 'GET', '/api/messages/conversations')).status).toBe(200);
    expect(
      (await call(bob.client, 'POST', '/api/messages/mark-read/{otherUserId}', { otherUserId: ann.id }))
        .status,
    ).toBe(200);
    const report = '/api/messages/report/{messageId}';
    expect(
      (await call(ann.client, 'POST', report, { messageId: sent.body.id }, { reason: 'x' })).status,
    ).toBe(403);
    expect(
      (await call(bob.client, 'POST', report, { messageId: sent.body.id }, { reason: ' ' })).status,
    ).toBe(400);
    expect(
      (await call(bob.client, 'POST', report, { messageId: sent.body.id }, { reason: 'Spam' })).status,
    ).toBe(200);
    expect(
      (await call(cat.client, 'POST', '/api/messages/send', {}, { receiverId: 2_000_000_000, content: 'hi' }))
        .status,
    ).toBe(404);
    const poll = await call<{ id: number; options: { id: number }[] }>(
      ann.client,
      'POST',
      '/api/messages/polls',
      {},
      {
        receiverId: bob.id,
        options: [
          { restaurantId: nobu, restaurantName: 'Nobu' },
          { restaurantId: katz, restaurantName: 'Katz' },
        ],
      },
    );
    expect(poll.status).toBe(201);
    expect(
      (await call(bob.client, 'GET', '/api/messages/polls/{pollId}', { pollId: poll.body.id })).status,
    ).toBe(200);
    expect(
      (await call(cat.client, 'GET', '/api/messages/polls/{pollId}', { pollId: poll.body.id })).status,
    ).toBe(404);
    const vote = '/api/messages/polls/{pollId}/vote';
    const optionId = poll.body.options[0].id;
    expect((await call(bob.client, 'POST', vote, { pollId: poll.body.id }, { optionId })).status).toBe(200);
    expect((await call(bob.client, 'POST', vote, { pollId: poll.body.id }, { optionId })).status).toBe(409);
    expect((await call(anonymous, 'GET', '/api/messages/unread-count')).status).toBe(401);
  }, 60_000);

  it('moderation: feedback, reports, reported messages and the audit log (docs/api-moderation.md)', async () => {
    const [ann, bob] = await Promise.all([register('moda'), register('modb')]);
    const admin = new ApiClient(baseUrl);
    const login = await call<CurrentUserDto>(
      admin,
      'POST',
      '/api/login',
      {},
      {
        username: ADMIN_USERNAME,
        password: ADMIN_PASSWORD,
      },
    );
    expect(login.body.isAdmin).toBe(true);
    await eventually(async () => {
      const known = await query(database.url, 'SELECT 1 FROM moderation.users WHERE id = ANY($1::int[])', [
        [ann.id, bob.id, login.body.id],
      ]);
      return known.length === 3;
    }, 20_000);
    const feedback = await call<{ id: number }>(
      ann.client,
      'POST',
      '/api/feedback',
      {},
      { type: 'bug', text: 'Slow map' },
    );
    expect(feedback.status).toBe(201);
    expect((await call(ann.client, 'GET', '/api/feedback')).status).toBe(403);
    expect((await call(admin, 'GET', '/api/feedback')).status).toBe(200);
    expect((await call(admin, 'PUT', '/api/feedback/{id}/resolve', { id: feedback.body.id })).status).toBe(
      200,
    );
    expect((await call(admin, 'PUT', '/api/feedback/{id}/resolve', { id: feedback.body.id })).status).toBe(
      409,
    );
    const report = await call<{ id: number }>(
      ann.client,
      'POST',
      '/api/reports',
      {},
      {
        type: 'user',
        contentId: bob.id,
        reason: 'Spam',
      },
    );
    expect(report.status).toBe(201);
    expect((await call(admin, 'GET', '/api/admin/reports')).status).toBe(200);
    expect(
      (await call(admin, 'POST', '/api/admin/reports/{id}/resolve', { id: report.body.id })).status,
    ).toBe(200);
    expect(
      (await call(admin, 'POST', '/api/admin/reports/{id}/dismiss', { id: report.body.id })).status,
    ).toBe(409);
    expect((await call(bob.client, 'GET', '/api/moderation/decisions')).status).toBe(200);
    const appeal = await call<{ id: number }>(
      bob.client,
      'POST',
      '/api/moderation/decisions/{reportId}/appeal',
      { reportId: report.body.id },
      { text: 'Not spam' },
    );
    expect(appeal.status).toBe(201);
    expect((await call(admin, 'GET', '/api/admin/reports')).status).toBe(200);
    expect(
      (
        await call(
          admin,
          'POST',
          '/api/admin/appeals/{id}/decide',
          { id: appeal.body.id },
          { outcome: 'upheld' },
        )
      ).status,
    ).toBe(200);
    expect((await call(bob.client, 'GET', '/api/moderation/decisions')).status).toBe(200);
    const sent = await call<{ id: number }>(
      ann.client,
      'POST',
      '/api/messages/send',
      {},
      {
        receiverId: bob.id,
        content: 'Spam here',
      },
    );
    await call(
      bob.client,
      'POST',
      '/api/messages/report/{messageId}',
      { messageId: sent.body.id },
      { reason: 'Spam' },
    );
    await eventually(
      async () =>
        (
          await query(database.url, 'SELECT 1 FROM moderation.reported_messages WHERE message_id = $1', [
            sent.body.id,
          ])
        ).length === 1,
      20_000,
    );
    expect((await call(admin, 'GET', '/api/admin/messages/reported')).status).toBe(200);
    expect((await call(admin, 'POST', '/api/admin/messages/{id}/dismiss', { id: sent.body.id })).status).toBe(
      200,
    );
    expect((await call(admin, 'GET', '/api/admin/audit-log')).status).toBe(200);
    expect((await call(anonymous, 'GET', '/api/admin/audit-log')).status).toBe(401);
  }, 60_000);

  it("a diner's own data: export, import, deleting one's account and an admin's delete", async () => {
    const uma = await register('uma');
    const vic = await register('vic');
    const admin = new ApiClient(baseUrl);
    expect(
      (await admin.post('/api/login', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD })).status,
    ).toBe(200);
    expect((await call(uma.client, 'GET', '/api/user/export')).status).toBe(200);
    expect((await call(uma.client, 'GET', '/api/user/export/reviews.csv')).status).toBe(200);
    expect((await call(uma.client, 'GET', '/api/user/export/saved.csv')).status).toBe(200);
    const imported = await call(
      uma.client,
      'POST',
      '/api/saved-restaurants/import',
      {},
      { text: 'Contract Cafe, 3 Schema St, Chicago, IL\nNo address' },
    );
    expect(imported.status).toBe(200);
    expect((await call(uma.client, 'POST', '/api/saved-restaurants/import', {}, { text: '' })).status).toBe(
      400,
    );
    expect((await call(uma.client, 'DELETE', '/api/users/{id}', { id: vic.id })).status).toBe(403);
    expect((await call(anonymous, 'DELETE', '/api/users/{id}', { id: vic.id })).status).toBe(401);
    expect((await call(admin, 'DELETE', '/api/users/{id}', { id: 2_000_000_000 })).status).toBe(404);
    expect((await call(admin, 'DELETE', '/api/users/{id}', { id: vic.id })).status).toBe(200);
    expect((await call(uma.client, 'DELETE', '/api/user', {}, { password: 'Wrong#123' })).status).toBe(403);
    expect((await call(uma.client, 'DELETE', '/api/user', {}, { password: PASSWORD })).status).toBe(200);
  }, 60_000);

  it('errors: 400, 401, 404, 413 and 415, each listed by its route with the one error body', async () => {
    const bad = await call(anonymous, 'POST', '/api/register', {}, { username: 'x', password: PASSWORD });
    expect(bad.status).toBe(400);
    expect((await call(anonymous, 'GET', '/api/users/{id}', { id: 'abc' })).status).toBe(400);
    expect((await call(anonymous, 'GET', '/api/user')).status).toBe(401);
    expect(
      (await call(anonymous, 'POST', '/api/reviews', {}, { restaurantName: 'x', rating: 3 })).status,
    ).toBe(401);
    expect((await call(anonymous, 'GET', '/api/users/{id}', { id: 2_000_000_000 })).status).toBe(404);
    expect((await call(anonymous, 'GET', '/api/restaurants/{id}', { id: 2_000_000_000 })).status).toBe(404);
    const tooLarge = await call(anonymous, 'POST', '/api/register', {}, undefined, {
      headers: { 'content-type': 'application/json' },
      raw: JSON.stringify({ username: 'big', password: PASSWORD, name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(tooLarge.status).toBe(413);
    const notJson = await call(anonymous, 'POST', '/api/login', {}, undefined, {
      headers: { 'content-type': 'text/plain' },
      raw: 'username=ann',
    });
    expect(notJson.status).toBe(415);
  }, 60_000);

  it('covered the routes and answers this test is about', () => {
    expect([...contract.checked]).toEqual(
      expect.arrayContaining([
        'POST /api/register 201',
        'POST /api/login 200',
        'GET /api/user 200',
        'GET /api/users/{id} 200',
        'POST /api/users/{id}/accept-request/{requesterId} 200',
        'POST /api/reviews 201',
        'GET /api/reviews 200',
        'GET /api/restaurants 200',
        'GET /api/restaurants/ranked 200',
        'GET /api/users/{id}/taste-match 200',
        'GET /api/restaurants/search 200',
        'GET /api/recommendations 200',
        'GET /api/activity/feed 200',
        'POST /api/check-ins 201',
        'GET /api/live-hotspots 200',
        'POST /api/check-ins/check-out 404',
        'POST /api/register 400',
        'GET /api/user 401',
        'GET /api/users/{id} 404',
        'POST /api/register 413',
        'POST /api/login 415',
        'POST /api/messages/send 201',
        'GET /api/messages/conversation/{userId}/{otherUserId} 200',
        'GET /api/messages/conversation/{userId}/{otherUserId} 403',
        'GET /api/messages/conversations 200',
        'GET /api/messages/unread-count 200',
        'POST /api/messages/mark-read/{otherUserId} 200',
        'POST /api/messages/report/{messageId} 200',
        'POST /api/messages/polls 201',
        'GET /api/messages/polls/{pollId} 200',
        'POST /api/messages/polls/{pollId}/vote 200',
        'POST /api/messages/polls/{pollId}/vote 409',
        'POST /api/feedback 201',
        'GET /api/feedback 200',
        'GET /api/feedback 403',
        'PUT /api/feedback/{id}/resolve 200',
        'PUT /api/feedback/{id}/resolve 409',
        'POST /api/reports 201',
        'GET /api/admin/reports 200',
        'POST /api/admin/reports/{id}/resolve 200',
        'POST /api/admin/reports/{id}/dismiss 409',
        'GET /api/admin/messages/reported 200',
        'POST /api/admin/messages/{id}/dismiss 200',
        'GET /api/admin/audit-log 200',
        'GET /api/admin/audit-log 401',
        'GET /api/moderation/decisions 200',
        'POST /api/moderation/decisions/{reportId}/appeal 201',
        'POST /api/admin/appeals/{id}/decide 200',
        'GET /api/user/export 200',
        'GET /api/user/export/reviews.csv 200',
        'GET /api/user/export/saved.csv 200',
        'POST /api/saved-restaurants/import 200',
        'POST /api/saved-restaurants/import 400',
        'DELETE /api/users/{id} 200',
        'DELETE /api/users/{id} 403',
        'DELETE /api/users/{id} 404',
        'DELETE /api/user 200',
        'DELETE /api/user 403',
      ]),
    );
  });
});
