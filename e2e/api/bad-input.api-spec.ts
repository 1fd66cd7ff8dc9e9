import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type {
  CityBadgeDto,
  CurrentUserDto,
  FlavorBadgeDto,
  FollowResponse,
  SessionDto,
} from '@dinebuds/contracts';
import { eventually } from '@dinebuds/testing';
import { ApiClient, uniqueUsername } from '../support/api-client.js';
import { startAllInOneSystem, stopAllInOneSystem } from '../support/system.js';

/**
 * Hostile input against every route of the OpenAPI description (/api/docs-json), as anonymous,
 * as another user and as the owner: bad path and query values, malformed and wrong-typed bodies,
 * wrong content types, oversize and deeply nested bodies. Nothing may answer 5xx, every error is
 * the one JSON body `{ statusCode, message, error }` with a readable sentence, owner-scoped
 * routes refuse everyone but the owner, and nothing stored changes.
 */

const PASSWORD = 'Secret#123';
const UNKNOWN_ID = '2147483000';
/** A 1x1 PNG: a real image, for uploads that must be refused for who sends them, not what. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

// ---------------------------------------------------------------------------------------------
// The OpenAPI description

interface Schema {
  $ref?: string;
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  format?: string;
  minimum?: number;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema?: Schema;
}

interface OpenApiOperation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  security?: unknown[];
  responses?: Record<string, unknown>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, Schema> };
}

interface Operation {
  /** e.g. 'PATCH /api/users/{id}' */
  key: string;
  method: string;
  template: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  requiresAuth: boolean;
  body: 'json' | 'multipart' | null;
  bodySchema?: Schema;
}

function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [template, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = op.requestBody?.content ?? {};
      const json = content['application/json'];
      const parameters = op.parameters ?? [];
      operations.push({
        key: `${method.toUpperCase()} ${template}`,
        method: method.toUpperCase(),
        template,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        requiresAuth: (op.security ?? []).length > 0,
        body: json ? 'json' : content['multipart/form-data'] ? 'multipart' : null,
        bodySchema: json?.schema,
      });
    }
  }
  return operations;
}

function resolveSchema(doc: OpenApiDocument, schema: Schema | undefined): Schema {
  if (!schema) return {};
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop()!;
    return resolveSchema(doc, doc.components?.schemas?.[name]);
  }
  return schema;
}

// ---------------------------------------------------------------------------------------------
// Who acts, and on what

type PersonaName = 'anonymous' | 'other' | 'owner';

interface Persona {
  name: PersonaName;
  /** The `cookie` header, fixed for the whole barrage (answers never change it). */
  cookie?: string;
}

interface World {
  owner: CurrentUserDto;
  other: CurrentUserDto;
  requester: CurrentUserDto;
  /** A second session of the owner, the target of the session routes. */
  spareSessionId: string;
  ownerSessionId: string;
  ownerFlavors: FlavorBadgeDto[];
  ownerCities: CityBadgeDto[];
}

/**
 * Routes only the owner of the object may use (docs/api-identity.md, docs/api-social.md): `{id}`,
 * `userId` or the session belongs to the owner. Every other persona must get 401/403/404.
 */
const OWNER_SCOPED = new Set([
  'PATCH /api/users/{id}',
  'POST /api/users/{id}/toggle-privacy',
  'POST /api/users/{id}/profile-picture',
  'POST /api/users/flavor-badges',
  'POST /api/users/city-badges',
  'GET /api/users/{id}/is-following/{targetId}',
  'POST /api/users/{id}/follow/{targetId}',
  'POST /api/users/{id}/unfollow/{targetId}',
  'POST /api/users/{id}/accept-request/{requesterId}',
  'POST /api/users/{id}/reject-request/{requesterId}',
  'GET /api/users/{id}/follow-requests',
  'DELETE /api/user/sessions/{sessionId}',
  'DELETE /api/users/{id}/followers/{followerId}',
]);

/** Routes that document 403 for a reason other than ownership: privacy and blocks. */
const OTHER_403 = new Set([
  'GET /api/users/{id}/followers',
  'GET /api/users/{id}/following',
  'POST /api/users/{targetId}/follow',
  // A private user's reviews, saves and activity; a review claimed for someone else.
  'GET /api/reviews',
  'GET /api/activity',
  'GET /api/saved-restaurants',
  'POST /api/reviews',
  // Only a review's author edits or deletes it (reviews.api-spec.ts checks each persona on a
  // real review; here the id names none: 404 for everyone).
  'PATCH /api/reviews/{id}',
  'DELETE /api/reviews/{id}',
  // Only people who reviewed a restaurant (and admins) add its photo (reviews.api-spec.ts checks
  // each persona on a real restaurant; here the id names none: 404 for everyone signed in).
  'POST /api/restaurants/{id}/photo',
  // Messaging (docs/api-messaging.md): the ids name the owner and the other user, who are both
  // participants of their conversation (messaging.api-spec.ts checks a third person's 403);
  // blocks refuse sends and polls; only a message's receiver reports it; only a poll's invitee
  // votes. Here the message, poll and receiver ids name nothing: 404 for everyone signed in.
  'GET /api/messages/conversation/{userId}/{otherUserId}',
  'POST /api/messages/send',
  'POST /api/messages/report/{messageId}',
  'POST /api/messages/polls',
  'POST /api/messages/polls/{pollId}/vote',
  // Taste match with a private profile you do not follow (discovery.api-spec.ts checks it on a
  // real private user; here the id names the owner, who is public).
  'GET /api/users/{id}/taste-match',
  // Likes and comments on a private person's check-in (discovery.api-spec.ts checks it on a real
  // one; here the id names no check-in: 404 for everyone signed in).
  'POST /api/check-ins/{id}/like',
  'GET /api/check-ins/{id}/comments',
  'POST /api/check-ins/{id}/comments',
  // The same on a status (statuses.api-spec.ts checks a block, discovery.api-spec.ts a private
  // owner); deleting a comment is for its author or the post's owner (statuses.api-spec.ts checks
  // another person's 403). Here the ids name nothing: 404 for everyone signed in.
  'POST /api/statuses/{id}/like',
  'GET /api/statuses/{id}/comments',
  'POST /api/statuses/{id}/comments',
  'DELETE /api/check-ins/{id}/comments/{commentId}',
  'DELETE /api/statuses/{id}/comments/{commentId}',
]);

/**
 * Moderation's admin routes (docs/api-moderation.md): 403 to every signed-in person who is not an
 * admin, which no persona here is (moderation.api-spec.ts checks them as an admin).
 */
const ADMIN_ONLY = [
  'GET /api/feedback',
  'PUT /api/feedback/{id}/resolve',
  'GET /api/admin/reports',
  'POST /api/admin/reports/{id}/resolve',
  'POST /api/admin/reports/{id}/dismiss',
  'GET /api/admin/messages/reported',
  'POST /api/admin/messages/{id}/dismiss',
  'GET /api/admin/audit-log',
  'POST /api/admin/appeals/{id}/decide',
  'GET /api/admin/appeals',
  'GET /api/admin/messages/{id}/conversation',
  // Restaurant details and merges (docs/api-restaurants.md; restaurant-admin.api-spec.ts as an admin).
  'PATCH /api/restaurants/{id}',
  'POST /api/restaurants/{id}/merge',
  // The admin Reviews and Badges tabs (docs/api-admin-reviews.md; admin-reviews.api-spec.ts).
  'GET /api/admin/reviews',
  'GET /api/admin/badges',
  'PATCH /api/admin/badges/tiers/{level}',
  'PATCH /api/admin/badges/{kind}/{id}',
  // The admin Users tab (docs/api-identity.md; admin-users.api-spec.ts) and deleting a person
  // (docs/api-account.md; account-data.api-spec.ts as an admin).
  'GET /api/admin/users',
  'GET /api/admin/users/{id}',
  'POST /api/admin/users/{id}/deactivate',
  'POST /api/admin/users/{id}/reactivate',
  'DELETE /api/users/{id}',
];
for (const key of ADMIN_ONLY) OTHER_403.add(key);
// Deleting my account: 403 for a wrong password (no persona's probe knows it).
OTHER_403.add('DELETE /api/user');

/** The valid value of a path parameter: everything points at the owner's objects. */
function baseParam(name: string, world: World): string {
  switch (name) {
    case 'id':
      return String(world.owner.id);
    case 'targetId':
    case 'blockedId':
    case 'otherUserId':
      return String(world.other.id);
    case 'userId':
      return String(world.owner.id);
    case 'messageId':
    case 'pollId':
    case 'reportId':
    case 'auditEntryId':
    case 'commentId':
      return UNKNOWN_ID;
    case 'requesterId':
      return String(world.requester.id);
    // Asks to follow the owner but does not: removing them as a follower changes nothing.
    case 'followerId':
      return String(world.requester.id);
    case 'username':
      return world.owner.username;
    case 'sessionId':
      return world.spareSessionId;
    case 'restaurantId':
      return UNKNOWN_ID;
    case 'level':
      return 'gold';
    case 'kind':
      return 'flavor';
    default:
      throw new Error(`no valid value for the path parameter '${name}': add one to baseParam`);
  }
}

/**
 * Well-formed bodies each mutation starts from (one field at a time turns hostile). Where the
 * owner may write, the base is what is stored already: a mutation wrongly accepted changes nothing
 * the snapshot would see, so one lenient answer cannot spoil the rest of the run.
 */
function baseBodies(key: string, world: World): Record<string, unknown>[] {
  switch (key) {
    case 'POST /api/login':
      return [{ username: world.owner.username, password: 'Wrong#Pass123' }];
    case 'POST /api/register':
      return [
        {
          username: uniqueUsername('hostile'),
          password: PASSWORD,
          confirmPassword: PASSWORD,
          name: 'Hostile Tester',
          bio: 'Hostile bio',
          isPrivate: false,
          flavorBuds: ['sushi'],
          cityBuds: ['rome'],
        },
      ];
    case 'POST /api/user/password':
      // A wrong current password: even a mutation that slipped through could not change it.
      return [
        { currentPassword: 'Wrong#Current1', newPassword: 'Better#Pass1', confirmPassword: 'Better#Pass1' },
      ];
    case 'PATCH /api/users/{id}':
      return [{ name: world.owner.name, bio: world.owner.bio, isPrivate: world.owner.isPrivate }];
    case 'POST /api/users/flavor-badges':
      return [
        {
          userId: world.owner.id,
          badges: world.ownerFlavors.map((b) => ({ category: b.category, badgeId: b.badgeId })),
        },
      ];
    case 'POST /api/users/city-badges':
      return [
        { userId: world.owner.id, badges: world.ownerCities.map((b) => ({ city: b.city, level: b.level })) },
        {
          userId: world.owner.id,
          cities: world.ownerCities.map((b) => ({ city: b.city, reviewCount: b.reviewCount })),
        },
      ];
    case 'POST /api/users/block':
    case 'POST /api/users/unblock':
      return [{ blockedId: world.other.id }];
    case 'POST /api/users/{id}/accept-request/{requesterId}':
      return [{ followBack: true }];
    case 'POST /api/reviews':
      // Claimed for the requester: 403 for the owner and the other user whatever one field
      // becomes, so a lenient answer can never store a review.
      return [
        {
          restaurantName: 'Hostile Diner',
          address: '1 Main St, New York',
          rating: 3,
          notes: 'fine',
          latitude: 40.7,
          longitude: -74,
          visitDate: '2024-05-31',
          userId: world.requester.id,
        },
      ];
    case 'PATCH /api/reviews/{id}':
      return [{ rating: 3, notes: 'fine', visitDate: '2024-05-31' }];
    case 'POST /api/saved-restaurants':
      // An id no restaurant has and outside 100-999: 404 whatever else is sent.
      return [
        {
          restaurantId: Number(UNKNOWN_ID),
          restaurantDetails: { name: 'Hostile Diner', address: '1 Main St, New York' },
          notes: 'fine',
        },
      ];
    case 'POST /api/messages/send':
      // To nobody: 404 whatever one field becomes, so a lenient answer can never store a message.
      return [
        {
          receiverId: Number(UNKNOWN_ID),
          content: 'fine',
          messageType: 'text',
          clientMessageId: 'hostile-1',
        },
        {
          receiverId: Number(UNKNOWN_ID),
          messageType: 'restaurant_share',
          restaurantId: 181,
          restaurantName: 'Hostile Diner',
        },
      ];
    case 'POST /api/messages/report/{messageId}':
      return [{ reason: 'fine' }];
    case 'POST /api/messages/polls':
      return [
        { receiverId: Number(UNKNOWN_ID), options: [{ restaurantId: 181, restaurantName: 'Hostile Diner' }] },
      ];
    case 'POST /api/messages/polls/{pollId}/vote':
      return [{ optionId: 1 }];
    case 'POST /api/check-ins':
      // At no restaurant: 404 whatever one field becomes, so a lenient answer never stores one.
      return [{ restaurantId: Number(UNKNOWN_ID), status: 'fine' }];
    case 'POST /api/check-ins/{id}/comments':
    case 'POST /api/statuses/{id}/comments':
      return [{ text: 'fine' }];
    // A status is the caller's own and needs no object: a well-formed one is stored (201).
    case 'POST /api/statuses':
      return [{ text: 'fine' }];
    // Moderation: feedback is the one write that succeeds (it is no one's object); a report names
    // no one and an appeal no decision (404); the admin routes answer 403 to every persona.
    case 'POST /api/feedback':
      return [{ type: 'bug', text: 'fine' }];
    case 'POST /api/reports':
      return [{ type: 'user', contentId: Number(UNKNOWN_ID), reason: 'fine' }];
    case 'POST /api/moderation/decisions/{reportId}/appeal':
    case 'POST /api/moderation/actions/{auditEntryId}/appeal':
      return [{ text: 'fine' }];
    case 'PUT /api/feedback/{id}/resolve':
    case 'POST /api/admin/reports/{id}/resolve':
    case 'POST /api/admin/reports/{id}/dismiss':
    case 'POST /api/admin/messages/{id}/dismiss':
      return [{ reason: 'fine' }];
    case 'POST /api/admin/appeals/{id}/decide':
      return [{ outcome: 'upheld', reason: 'fine' }];
    case 'PATCH /api/restaurants/{id}':
      return [
        {
          cuisine: 'Fine',
          priceRange: '$$',
          category: 'Fine',
          phone: '212 555 0100',
          website: 'https://a.example',
        },
      ];
    case 'POST /api/restaurants/{id}/merge':
      return [{ keepId: Number(UNKNOWN_ID) }];
    case 'DELETE /api/reviews/{id}':
      return [{ reason: 'fine' }];
    case 'PATCH /api/admin/badges/tiers/{level}':
      return [{ minReviews: 31 }];
    case 'PATCH /api/admin/badges/{kind}/{id}':
      return [{ name: 'fine' }];
    case 'POST /api/admin/users/{id}/deactivate':
    case 'POST /api/admin/users/{id}/reactivate':
      return [{ reason: 'fine' }];
    // Never the persona's password: the account stays whatever the body becomes.
    case 'DELETE /api/user':
      return [{ password: 'Not#TheirPassword1' }];
    // One line with no address: a row skipped with its reason, nothing saved.
    case 'POST /api/saved-restaurants/import':
      return [{ text: 'fine' }];
    default:
      throw new Error(`no base body for ${key}: add one to baseBodies`);
  }
}

// ---------------------------------------------------------------------------------------------
// Hostile values

const LONG = 'x'.repeat(5000);
/** Longer than Node's 16 KB header limit: the HTTP parser itself refuses it (431). */
const OVER_HEADER_LIMIT = 'y'.repeat(20_000);

/**
 * Segments the router or the HTTP parser refuses before any guard runs (undecodable percent
 * escapes, a URL over the header limit): any 4xx, even on signed-in routes.
 */
const UNROUTABLE_SEGMENTS = new Set(['%', '%E0%A4%A', '%ED%A0%80', OVER_HEADER_LIMIT]);

/** Path segments, already percent-encoded as a client would send them. */
const HOSTILE_SEGMENTS = [
  'abc',
  '-1',
  '0',
  '1.5',
  '99999999999',
  '2147483648',
  '1e3',
  '0x10',
  '%201',
  '%00',
  'a%00b',
  '%',
  '%E0%A4%A',
  '%ED%A0%80',
  'a%2Fb',
  'null',
  'undefined',
  '%5B%5D',
  '%7B%7D',
  "'%20OR%201=1--",
  '%F0%9F%8D%A3',
  LONG,
  '9'.repeat(3000),
  OVER_HEADER_LIMIT,
  UNKNOWN_ID,
];

/** Values of integer query parameters that must be refused. */
const BAD_INTEGERS = ['abc', '-1', '1.5', '1e3', '0x10', '%00', '99999999999', 'true', '%5B%5D', LONG];
/** Odd values that may be answered either way, but never with a 5xx. */
const ODD_TEXTS = ['', '%00', 'a%00b', '%ED%A0%80', '%25', '%5F', '%27', LONG, '%F0%9F%8D%A3'];

function deepArray(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

function deepObject(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** Values of the wrong type (or an unusable value) for a property of the given schema. */
function wrongValues(schema: Schema): { label: string; raw: string }[] {
  const values: [string, unknown][] = [];
  const nullable = schema.nullable === true;
  if (!nullable) values.push(['null', null]);
  switch (schema.type) {
    case 'string':
      values.push(
        ['number', 12345],
        ['boolean', true],
        ['empty list', []],
        ['list', ['a']],
        ['object', { a: 1 }],
        ['NUL character', 'a\u0000b'],
        ['lone surrogate', 'a\ud800b'],
        ['huge string', 'x'.repeat(300_000)],
      );
      if (schema.enum) values.push(['value outside the enum', 'not-a-choice']);
      break;
    case 'number':
    case 'integer':
      if (schema.minimum === undefined || schema.minimum > 0) values.push(['zero', 0]);
      if (schema.minimum === undefined || schema.minimum >= 0) values.push(['negative', -1]);
      values.push(
        ['numeric string', '1'],
        ['text', 'abc'],
        ['fraction', 1.5],
        ['beyond int32', 2147483648],
        ['huge', 1e300],
        ['boolean', true],
        ['list', [1]],
        ['object', { a: 1 }],
      );
      break;
    case 'boolean':
      values.push(['text', 'true'], ['number', 1], ['zero', 0], ['list', []], ['object', {}]);
      break;
    case 'array':
      values.push(
        ['text', 'a'],
        ['number', 1],
        ['object', { a: 1 }],
        ['list of null', [null]],
        ['list of lists', [[]]],
        ['list of numbers', [1, 2, 3]],
        ['huge list', Array.from({ length: 20_000 }, () => 'x')],
      );
      break;
    default:
      values.push(['text', 'a'], ['number', 1], ['list', [1]]);
  }
  const raw = values.map(([label, value]) => ({ label, raw: JSON.stringify(value) }));
  raw.push({ label: 'deeply nested list', raw: deepArray(50_000) });
  raw.push({ label: 'deeply nested object', raw: deepObject(20_000) });
  return raw;
}

/** `{...base, [field]: raw}` as JSON text, so raw may be any JSON (even too deep to build). */
function withField(base: Record<string, unknown>, field: string, raw: string): string {
  const rest = Object.fromEntries(Object.entries(base).filter(([k]) => k !== field));
  const head = JSON.stringify(rest);
  const entry = `${JSON.stringify(field)}:${raw}`;
  return head === '{}' ? `{${entry}}` : `${head.slice(0, -1)},${entry}}`;
}

// ---------------------------------------------------------------------------------------------
// Probes

/**
 * `transport`: refused before any route logic (parser, content type): any 4xx.
 * `shape`: a well-formed request with bad values: 4xx, and 401 for anonymous on a signed-in route.
 * `lenient`: may succeed (odd but harmless query text): anything but a 5xx.
 */
type Kind = 'transport' | 'shape' | 'lenient';

interface Probe {
  label: string;
  kind: Kind;
  method: string;
  path: string;
  contentType?: string;
  headers?: Record<string, string>;
  /** A Blob without a type goes out without a Content-Type. */
  body?: string | Blob | (() => FormData);
}

interface Outcome {
  status: number;
  contentType: string;
  text: string;
  failure?: string;
}

function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_m, name: string) => values[name]);
}

function formWith(entries: [string, string | Blob, string?][]): () => FormData {
  return () => {
    const form = new FormData();
    for (const [name, value, filename] of entries) {
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, value, filename);
    }
    return form;
  };
}

const png = () => new Blob([new Uint8Array(PNG)], { type: 'image/png' });

/** Bodies refused by the parser or the content-type check, for any route that takes a body. */
function transportBodies(route: Operation): Omit<Probe, 'method' | 'path' | 'kind'>[] {
  const JSON_TYPE = 'application/json';
  const bodies: Omit<Probe, 'method' | 'path' | 'kind'>[] = [
    { label: 'malformed JSON (unterminated)', contentType: JSON_TYPE, body: '{"name": ' },
    { label: 'malformed JSON (trailing comma)', contentType: JSON_TYPE, body: '{"a":1,}' },
    { label: 'malformed JSON (single quotes)', contentType: JSON_TYPE, body: "{'a':1}" },
    { label: 'malformed JSON (extra brace)', contentType: JSON_TYPE, body: '{"a":1}}' },
    { label: 'malformed JSON (bad escape)', contentType: JSON_TYPE, body: '{"a":"\\x41"}' },
    { label: 'malformed JSON (NUL byte)', contentType: JSON_TYPE, body: '\u0000' },
    {
      label: 'malformed JSON (invalid UTF-8)',
      contentType: JSON_TYPE,
      body: new Blob([new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d])]),
    },
    { label: 'JSON null', contentType: JSON_TYPE, body: 'null' },
    { label: 'JSON string', contentType: JSON_TYPE, body: '"hello"' },
    { label: 'JSON number', contentType: JSON_TYPE, body: '42' },
    { label: 'JSON true', contentType: JSON_TYPE, body: 'true' },
    {
      label: 'over the body limit',
      contentType: JSON_TYPE,
      body: JSON.stringify({ name: 'x'.repeat(1_200_000) }),
    },
    { label: 'JSON in latin1', contentType: 'application/json; charset=latin1', body: '{}' },
    { label: 'JSON in utf-16', contentType: 'application/json; charset=utf-16', body: '{}' },
    {
      label: 'gzip that is not',
      contentType: JSON_TYPE,
      headers: { 'content-encoding': 'gzip' },
      body: 'nope',
    },
    {
      label: 'deflate that is not',
      contentType: JSON_TYPE,
      headers: { 'content-encoding': 'deflate' },
      body: 'nope',
    },
    {
      label: 'brotli that is not',
      contentType: JSON_TYPE,
      headers: { 'content-encoding': 'br' },
      body: 'nope',
    },
    {
      label: 'unknown encoding',
      contentType: JSON_TYPE,
      headers: { 'content-encoding': 'x-zip' },
      body: '{}',
    },
    { label: 'text/plain', contentType: 'text/plain', body: '{"name":"Plain Text"}' },
    {
      label: 'form-urlencoded',
      contentType: 'application/x-www-form-urlencoded',
      body: 'name=Form+Name&userId=1',
    },
    { label: 'xml', contentType: 'application/xml', body: '<name>Xml</name>' },
    {
      label: 'merge-patch JSON',
      contentType: 'application/merge-patch+json',
      body: '{"name":"Merge Patch"}',
    },
    { label: 'no content type', body: new Blob(['{"name":"No Type"}']) },
    { label: 'multipart without a file', body: formWith([['name', 'Multipart Name']]) },
    { label: 'multipart without a boundary', contentType: 'multipart/form-data', body: 'abc' },
    {
      label: 'malformed multipart',
      contentType: 'multipart/form-data; boundary=xyz',
      body: '--xyz\r\nContent-Disposition: form-data; name="profilePicture"; filename="a.png"\r\n\r\nbroken',
    },
  ];
  if (route.body === 'multipart') {
    bodies.push(
      { label: 'JSON instead of multipart', contentType: JSON_TYPE, body: '{"profilePicture":"x"}' },
      { label: 'image in the wrong field', body: formWith([['picture', png(), 'a.png']]) },
      {
        label: 'two images',
        body: formWith([
          ['profilePicture', png(), 'a.png'],
          ['profilePicture', png(), 'b.png'],
        ]),
      },
      {
        label: 'not an image',
        body: formWith([['profilePicture', new Blob(['not an image'], { type: 'image/png' }), 'a.png']]),
      },
      { label: 'empty file', body: formWith([['profilePicture', new Blob([]), 'a.png']]) },
      {
        label: 'too many fields',
        body: formWith(Array.from({ length: 8 }, (_, i): [string, string] => [`f${i}`, 'v'])),
      },
      { label: 'oversize field', body: formWith([['note', 'z'.repeat(5000)]]) },
    );
  } else {
    bodies.push({ label: 'multipart with a file', body: formWith([['profilePicture', png(), 'a.png']]) });
  }
  return bodies;
}

/** Well-formed JSON bodies with the wrong shape, for routes that take a JSON body. */
function shapeBodies(
  doc: OpenApiDocument,
  route: Operation,
  world: World,
): Omit<Probe, 'method' | 'path' | 'kind'>[] {
  const JSON_TYPE = 'application/json';
  const schema = resolveSchema(doc, route.bodySchema);
  const bodies: Omit<Probe, 'method' | 'path' | 'kind'>[] = [
    { label: 'empty list', contentType: JSON_TYPE, body: '[]' },
    { label: 'list of numbers', contentType: JSON_TYPE, body: '[1,2,3]' },
    { label: 'deeply nested list', contentType: JSON_TYPE, body: deepArray(100_000) },
    { label: 'deeply nested object', contentType: JSON_TYPE, body: deepObject(30_000) },
  ];
  for (const base of baseBodies(route.key, world)) {
    bodies.push({ label: 'list of the body', contentType: JSON_TYPE, body: `[${JSON.stringify(base)}]` });
    const extras: [string, string][] = [
      ['extra field isAdmin', withField(base, 'isAdmin', 'true')],
      ['extra field', withField(base, 'unexpected', '"value"')],
      ['extra __proto__', withField(base, '__proto__', '{"isAdmin":true}')],
      ['extra constructor', withField(base, 'constructor', '{"prototype":{"isAdmin":true}}')],
      ['extra toString', withField(base, 'toString', '1')],
      ['extra field with a long name', withField(base, 'k'.repeat(5000), '1')],
      ['extra field with a NUL name', withField(base, 'a\u0000b', '1')],
      ['extra deeply nested field', withField(base, 'deep', deepArray(100_000))],
    ];
    for (const [label, body] of extras) bodies.push({ label, contentType: JSON_TYPE, body });

    for (const [field, fieldSchema] of Object.entries(schema.properties ?? {})) {
      const property = resolveSchema(doc, fieldSchema);
      for (const wrong of wrongValues(property)) {
        bodies.push({
          label: `${field}: ${wrong.label}`,
          contentType: JSON_TYPE,
          body: withField(base, field, wrong.raw),
        });
      }
      // One level into lists of objects: each field of the first item turns hostile.
      const items = resolveSchema(doc, property.items);
      const list = base[field];
      if (property.type === 'array' && items.properties && Array.isArray(list) && list.length > 0) {
        const item = list[0] as Record<string, unknown>;
        bodies.push({
          label: `${field}[0]: empty object`,
          contentType: JSON_TYPE,
          body: withField(base, field, '[{}]'),
        });
        for (const [itemField, itemSchema] of Object.entries(items.properties)) {
          for (const wrong of wrongValues(resolveSchema(doc, itemSchema))) {
            bodies.push({
              label: `${field}[0].${itemField}: ${wrong.label}`,
              contentType: JSON_TYPE,
              body: withField(base, field, `[${withField(item, itemField, wrong.raw)}]`),
            });
          }
          bodies.push({
            label: `${field}[0]: extra field`,
            contentType: JSON_TYPE,
            body: withField(base, field, `[${withField(item, 'unexpected', '1')}]`),
          });
        }
      }
    }
  }
  return bodies;
}

function probesFor(doc: OpenApiDocument, route: Operation, world: World): Probe[] {
  const base: Record<string, string> = {};
  for (const p of route.pathParams) base[p.name] = encodeURIComponent(baseParam(p.name, world));
  const basePath = fillPath(route.template, base);
  const probes: Probe[] = [];

  for (const param of route.pathParams) {
    for (const segment of HOSTILE_SEGMENTS) {
      probes.push({
        label: `path ${param.name}=${segment.slice(0, 24)}`,
        kind: UNROUTABLE_SEGMENTS.has(segment) ? 'transport' : 'shape',
        method: route.method,
        path: fillPath(route.template, { ...base, [param.name]: segment }),
      });
    }
  }

  for (const param of route.queryParams) {
    const integer = param.schema?.type === 'number' || param.schema?.type === 'integer';
    const values: [string, Kind][] = [
      ...(integer ? BAD_INTEGERS.map((v): [string, Kind] => [v, 'shape']) : []),
      ...ODD_TEXTS.map((v): [string, Kind] => [v, integer && v !== '' ? 'shape' : 'lenient']),
    ];
    for (const [value, kind] of values) {
      probes.push({
        label: `query ${param.name}=${value.slice(0, 24)}`,
        kind,
        method: route.method,
        path: `${basePath}?${param.name}=${value}`,
      });
    }
    probes.push({
      label: `query ${param.name} repeated`,
      kind: integer ? 'shape' : 'lenient',
      method: route.method,
      path: `${basePath}?${param.name}=1&${param.name}=2`,
    });
    probes.push({
      label: `query ${param.name}[] bracketed`,
      kind: 'lenient',
      method: route.method,
      path: `${basePath}?${param.name}%5Ba%5D=1`,
    });
  }
  // Unknown query parameters are ignored, so only where ignoring them cannot run an action.
  if (route.method === 'GET') {
    for (const extra of ['unexpected=1', '__proto__=1', 'constructor=1', `${LONG}=1`]) {
      probes.push({
        label: `query ${extra.slice(0, 24)}`,
        kind: 'lenient',
        method: route.method,
        path: `${basePath}?${extra}`,
      });
    }
  }

  if (route.method !== 'GET' && route.method !== 'HEAD') {
    for (const body of transportBodies(route))
      probes.push({ ...body, kind: 'transport', method: route.method, path: basePath });
    if (route.body === 'json') {
      for (const body of shapeBodies(doc, route, world))
        probes.push({ ...body, kind: 'shape', method: route.method, path: basePath });
    }
  }
  return probes;
}

async function send(baseUrl: string, persona: Persona, probe: Probe): Promise<Outcome> {
  const headers: Record<string, string> = { accept: 'application/json', ...probe.headers };
  if (persona.cookie) headers.cookie = persona.cookie;
  if (probe.contentType) headers['content-type'] = probe.contentType;
  const body = typeof probe.body === 'function' ? probe.body() : probe.body;
  try {
    const response = await fetch(`${baseUrl}${probe.path}`, {
      method: probe.method,
      headers,
      body,
      redirect: 'manual',
    });
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      text: await response.text(),
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return {
      status: 0,
      contentType: '',
      text: '',
      failure: `${(error as Error).message} ${cause?.code ?? cause?.message ?? ''}`,
    };
  }
}

/** What is wrong with an error answer: not the one JSON body, or not a readable sentence. */
function errorBodyProblems(status: number, contentType: string, text: string): string[] {
  const problems: string[] = [];
  if (!/^application\/json\b/.test(contentType)) problems.push(`content-type ${contentType || 'missing'}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [...problems, `body is not JSON: ${JSON.stringify(text.slice(0, 120))}`];
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return [...problems, 'body is not an object'];
  const { statusCode, message, error, ...rest } = body as Record<string, unknown>;
  if (statusCode !== status) problems.push(`statusCode ${String(statusCode)} is not the HTTP status`);
  if (typeof error !== 'string' || error.trim() === '') problems.push('error is not a name');
  if (Object.keys(rest).some((k) => k !== 'code'))
    problems.push(`unexpected keys ${Object.keys(rest).join(', ')}`);
  if (typeof message !== 'string' || message.trim() === '') {
    problems.push(`message is not a sentence: ${JSON.stringify(message)?.slice(0, 120)}`);
  } else {
    if (message.length > 200) problems.push(`message is ${message.length} characters long`);
    if (/\p{Cc}/u.test(message)) problems.push('message has control characters');
    if (
      /\n\s+at |\(\S+:\d+:\d+\)|node_modules|file:\/\/|\b\w*Error:|QueryFailed|\bSQL\b|ECONN|\bundefined\b|\[object Object\]|\bNaN\b/.test(
        message,
      )
    )
      problems.push(`message shows internals: ${JSON.stringify(message.slice(0, 120))}`);
  }
  return problems;
}

function expectedProblems(route: Operation, persona: Persona, probe: Probe, outcome: Outcome): string[] {
  const { status } = outcome;
  if (outcome.failure) return [`request failed: ${outcome.failure}`];
  const problems: string[] = [];
  if (status >= 500) problems.push(`server error ${outcome.text.slice(0, 160)}`);
  else if (status >= 400) problems.push(...errorBodyProblems(status, outcome.contentType, outcome.text));
  if (status >= 500) return problems;
  if (probe.kind !== 'lenient' && status < 400) problems.push('expected a 4xx');
  if (probe.kind === 'shape' && persona.name === 'anonymous' && route.requiresAuth && status !== 401)
    problems.push('expected 401 for anonymous on a signed-in route');
  if (OWNER_SCOPED.has(route.key) && persona.name !== 'owner' && status < 400)
    problems.push(`owner-scoped route answered ${status} to ${persona.name}`);
  return problems;
}

/** Runs `task` over `items` with at most `limit` in flight. */
async function pool<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++];
      await task(item);
    }
  });
  await Promise.all(workers);
}

/** A malformed request written straight to the socket (what fetch refuses to send). */
function rawRequest(
  port: number,
  request: string,
): Promise<{ status: number; contentType: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(request));
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, ...rest] = data.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      const contentType = /\r\ncontent-type: *([^\r\n]+)/i.exec(head)?.[1] ?? '';
      resolve({ status, contentType, body: rest.join('\r\n\r\n') });
    });
    // A shape test, not a speed test: a loaded CI machine once took over 5 s to answer.
    socket.setTimeout(30_000, () => socket.destroy());
  });
}

// ---------------------------------------------------------------------------------------------

describe('hostile input through the gateway (all-in-one)', () => {
  let system: Awaited<ReturnType<typeof startAllInOneSystem>>;
  let doc: OpenApiDocument;
  let routes: Operation[];
  let world: World;
  let owner: ApiClient;
  let other: ApiClient;
  let personas: Persona[];
  let before: Record<string, unknown>;

  async function register(prefix: string): Promise<{ client: ApiClient; user: CurrentUserDto }> {
    const client = new ApiClient(system.baseUrl);
    const res = await client.post<CurrentUserDto>('/api/register', {
      username: uniqueUsername(prefix),
      password: PASSWORD,
      name: `${prefix} tester`,
      flavorBuds: ['sushi', 'vegan'],
      cityBuds: ['new york'],
    });
    expect(res.status).toBe(201);
    const id = res.body.id;
    await eventually(
      async () => (await client.get(`/api/users/${id}/followers/count`)).status === 200,
      20_000,
      50,
    );
    return { client, user: res.body };
  }

  /** Everything the barrage must leave as it was, read by the owner and the other user. */
  async function snapshot(): Promise<Record<string, unknown>> {
    const read = async (client: ApiClient, path: string) => {
      const res = await client.get(path);
      return { status: res.status, body: res.body };
    };
    const state: Record<string, unknown> = {};
    for (const [name, client, user] of [
      ['owner', owner, world.owner],
      ['other', other, world.other],
    ] as const) {
      for (const path of [
        '/api/user',
        `/api/users/${user.id}`,
        `/api/users/${user.id}/flavor-badges`,
        `/api/users/${user.id}/city-badges`,
        `/api/users/${user.id}/followers/count`,
        `/api/users/${user.id}/following/count`,
        `/api/users/${user.id}/followers`,
        `/api/users/${user.id}/following`,
        `/api/users/${user.id}/follow-requests`,
        '/api/users/blocked',
        '/api/messages/conversations',
        '/api/messages/unread-count',
        `/api/messages/conversation/${world.owner.id}/${world.other.id}`,
      ])
        state[`${name} ${path}`] = await read(client, path);
      const sessions = await client.get<SessionDto[]>('/api/user/sessions');
      state[`${name} sessions`] = sessions.body.map((s) => s.id).sort();
    }
    state['all users'] = (await read(new ApiClient(system.baseUrl), '/api/users?limit=100')).body;
    return state;
  }

  beforeAll(async () => {
    system = await startAllInOneSystem();
    const alice = await register('owner');
    const bob = await register('other');
    const carol = await register('requester');
    owner = alice.client;
    other = bob.client;

    // bob follows alice while she is public; alice follows bob; then alice goes private and
    // carol's follow becomes a pending request.
    expect((await other.post<FollowResponse>(`/api/users/${alice.user.id}/follow`)).body.status).toBe(
      'following',
    );
    expect((await owner.post<FollowResponse>(`/api/users/${bob.user.id}/follow`)).body.status).toBe(
      'following',
    );
    expect((await owner.post(`/api/users/${alice.user.id}/toggle-privacy`)).status).toBe(200);
    const anonymous = new ApiClient(system.baseUrl);
    await eventually(
      async () => (await anonymous.get(`/api/users/${alice.user.id}/followers`)).status === 403,
      20_000,
      50,
    );
    expect((await carol.client.post<FollowResponse>(`/api/users/${alice.user.id}/follow`)).body.status).toBe(
      'requested',
    );

    const spare = new ApiClient(system.baseUrl);
    expect(
      (await spare.post('/api/login', { username: alice.user.username, password: PASSWORD })).status,
    ).toBe(200);
    const sessions = (await owner.get<SessionDto[]>('/api/user/sessions')).body;
    const spareSessionId = (await spare.get<SessionDto[]>('/api/user/sessions')).body.find(
      (s) => s.current,
    )!.id;
    world = {
      owner: (await owner.get<CurrentUserDto>('/api/user')).body,
      ownerFlavors: (await owner.get<FlavorBadgeDto[]>(`/api/users/${alice.user.id}/flavor-badges`)).body,
      ownerCities: (await owner.get<CityBadgeDto[]>(`/api/users/${alice.user.id}/city-badges`)).body,
      other: bob.user,
      requester: carol.user,
      spareSessionId,
      ownerSessionId: sessions.find((s) => s.current)!.id,
    };
    personas = [
      { name: 'anonymous' },
      { name: 'other', cookie: `dinebuds_sid=${other.sessionCookie}` },
      { name: 'owner', cookie: `dinebuds_sid=${owner.sessionCookie}` },
    ];

    const docs = await anonymous.get<OpenApiDocument>('/api/docs-json');
    expect(docs.status).toBe(200);
    doc = docs.body;
    // The message stream is an endless answer (messaging.api-spec.ts tests it): no barrage.
    routes = operationsOf(doc).filter((route) => route.key !== 'GET /api/messages/stream');
    before = await snapshot();
  }, 120_000);

  afterAll(async () => {
    await stopAllInOneSystem(system);
  });

  it('knows who owns each route of the OpenAPI description', () => {
    const keys = routes.map((r) => r.key);
    expect(keys.length).toBeGreaterThan(30);
    expect(keys).toEqual(expect.arrayContaining([...OWNER_SCOPED]));
    for (const route of routes) {
      if (OWNER_SCOPED.has(route.key))
        expect({ route: route.key, auth: route.requiresAuth }).toEqual({ route: route.key, auth: true });
      const documents403 = Object.keys(
        doc.paths[route.template][route.method.toLowerCase()].responses ?? {},
      ).includes('403');
      if (documents403)
        expect([route.key, OWNER_SCOPED.has(route.key) || OTHER_403.has(route.key)]).toEqual([
          route.key,
          true,
        ]);
    }
  });

  it.each(['anonymous', 'other', 'owner'] as const)(
    'answers every hostile request from %s with a readable 4xx',
    async (name) => {
      const persona = personas.find((p) => p.name === name)!;
      const work = routes.flatMap((route) => probesFor(doc, route, world).map((probe) => ({ route, probe })));
      const violations: string[] = [];
      const run = async ({ route, probe }: (typeof work)[number]) => {
        const outcome = await send(system.baseUrl, persona, probe);
        for (const problem of expectedProblems(route, persona, probe, outcome))
          violations.push(`${route.key} [${probe.label}] -> ${outcome.status}: ${problem}`);
      };
      // Logout last: one that wrongly succeeded would sign the persona out for everything after.
      const isLogout = (item: (typeof work)[number]) => item.route.key === 'POST /api/logout';
      await pool(
        work.filter((item) => !isLogout(item)),
        12,
        run,
      );
      await pool(work.filter(isLogout), 12, run);
      expect(work.length).toBeGreaterThan(500);
      const unique = [...new Set(violations)].sort();
      expect({ count: unique.length, first: unique.slice(0, 80) }).toEqual({ count: 0, first: [] });
    },
    // Hundreds of requests: ~9 s on a quiet 2-core machine, over 60 s once beside the browser tier.
    180_000,
  );

  it("refuses the owner's objects to everyone else: 401 anonymous, 403 another user", async () => {
    const { owner: o, other: b, requester: c } = world;
    const json = (value: unknown): Omit<Probe, 'method' | 'path' | 'kind' | 'label'> => ({
      contentType: 'application/json',
      body: JSON.stringify(value),
    });
    const attempts: [string, string, Omit<Probe, 'method' | 'path' | 'kind' | 'label'>?][] = [
      ['PATCH', `/api/users/${o.id}`, json({ name: 'Hacked Name', bio: 'pwned', isPrivate: false })],
      ['POST', `/api/users/${o.id}/toggle-privacy`],
      [
        'POST',
        `/api/users/${o.id}/profile-picture`,
        { body: formWith([['profilePicture', png(), 'me.png']]) },
      ],
      ['POST', '/api/users/flavor-badges', json({ userId: o.id, badges: [] })],
      ['POST', '/api/users/city-badges', json({ userId: o.id, badges: [] })],
      ['POST', '/api/users/city-badges', json({ userId: o.id, cities: [{ city: 'rome' }] })],
      ['GET', `/api/users/${o.id}/is-following/${b.id}`],
      ['POST', `/api/users/${o.id}/follow/${c.id}`],
      ['POST', `/api/users/${o.id}/unfollow/${b.id}`],
      ['POST', `/api/users/${o.id}/accept-request/${c.id}`, json({ followBack: true })],
      ['POST', `/api/users/${o.id}/accept-request/${c.id}`],
      ['POST', `/api/users/${o.id}/reject-request/${c.id}`],
      ['GET', `/api/users/${o.id}/follow-requests`],
      ['DELETE', `/api/users/${o.id}/followers/${b.id}`],
      ['DELETE', `/api/user/sessions/${world.spareSessionId}`],
      ['DELETE', `/api/user/sessions/${world.ownerSessionId}`],
    ];
    // Another user's session is not one of yours: it reads as not found. Everything else is 403.
    const expectedForOther = (path: string) => (path.startsWith('/api/user/sessions/') ? 404 : 403);
    const covered = new Set(
      attempts.map(([method, path]) => {
        const route = routes.find(
          (r) => r.method === method && new RegExp(`^${r.template.replace(/\{\w+\}/g, '[^/]+')}$`).test(path),
        );
        return route?.key;
      }),
    );
    expect([...OWNER_SCOPED].filter((key) => !covered.has(key))).toEqual([]);

    const answers: string[] = [];
    for (const persona of personas.filter((p) => p.name !== 'owner')) {
      for (const [method, path, body] of attempts) {
        const outcome = await send(system.baseUrl, persona, {
          label: 'valid',
          kind: 'shape',
          method,
          path,
          ...body,
        });
        const expected = persona.name === 'anonymous' ? 401 : expectedForOther(path);
        const problems = [
          ...(outcome.status === expected ? [] : [`expected ${expected}`]),
          ...(outcome.status >= 400
            ? errorBodyProblems(outcome.status, outcome.contentType, outcome.text)
            : []),
        ];
        for (const problem of problems)
          answers.push(`${persona.name} ${method} ${path} -> ${outcome.status}: ${problem}`);
      }
    }
    expect(answers).toEqual([]);
  });

  it('answers malformed HTTP with the JSON error body too', async () => {
    const port = Number(new URL(system.baseUrl).port);
    const requests = [
      `GET /api/users/${'z'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      `GET /api/user HTTP/1.1\r\nHost: x\r\nX-Big: ${'h'.repeat(20_000)}\r\n\r\n`,
      'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}',
      'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}',
      'GARBAGE\r\n\r\n',
    ];
    const problems: string[] = [];
    for (const request of requests) {
      const answer = await rawRequest(port, request);
      const label = JSON.stringify(request.slice(0, 40));
      if (answer.status < 400 || answer.status >= 500) problems.push(`${label} -> ${answer.status}`);
      else
        for (const p of errorBodyProblems(answer.status, answer.contentType, answer.body))
          problems.push(`${label} -> ${answer.status}: ${p}`);
    }
    expect(problems).toEqual([]);
  });

  it('leaves every stored thing as it was', async () => {
    expect(await snapshot()).toEqual(before);
    expect((await owner.get('/api/user')).status).toBe(200);
    expect((await other.get('/api/user')).status).toBe(200);
  });
});
