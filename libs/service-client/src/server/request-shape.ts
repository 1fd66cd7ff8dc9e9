import { badRequest } from '@dinebuds/errors';

/**
 * Defensive shape checks for RPC bodies, shared by every service. The gateway validates too, but a service never trusts
 * that alone: a wrong type must answer 400 with a sentence, never reach the database as a 500.
 */
export type Body = Record<string, unknown>;

export const UNSTORABLE_TEXT = 'Text must not contain null characters or invalid Unicode';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A NUL character or a lone UTF-16 surrogate: PostgreSQL stores neither in text or jsonb. */
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/**
 * Whether any string or key of a parsed JSON body is one PostgreSQL cannot store (it would fail
 * the query: a 500). Walks without recursion, so no nesting depth can overflow the stack.
 */
export function hasUnstorableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'string') {
      if (unstorable(current)) return true;
    } else if (Array.isArray(current)) {
      for (const item of current) pending.push(item);
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, item] of Object.entries(current)) {
        if (unstorable(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

export function asBody(value: unknown): Body {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badRequest('Request body must be a JSON object');
  }
  return value as Body;
}

/** An absent body (`{}` by convention, sometimes nothing at all) reads as an empty object. */
export function asOptionalBody(value: unknown): Body {
  return value === undefined || value === null || value === '' ? {} : asBody(value);
}

export function requiredString(body: Body, field: string): string {
  const value = body[field];
  if (value === undefined || value === null) throw badRequest(`${field} is required`);
  if (typeof value !== 'string') throw badRequest(`${field} must be a string`);
  return value;
}

/** undefined when absent, null when explicitly null, else the string. */
export function optionalNullableString(body: Body, field: string): string | null | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value !== 'string') throw badRequest(`${field} must be a string`);
  return value;
}

export function optionalString(body: Body, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw badRequest(`${field} must be a string`);
  return value;
}

export function optionalBoolean(body: Body, field: string): boolean | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw badRequest(`${field} must be true or false`);
  return value;
}

const MAX_ID = 2_147_483_647;

/** A positive integer id (database `integer`); numeric strings are accepted, as path params arrive so. */
export function toId(value: unknown, field: string): number {
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value.trim()) : value;
  if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0 || id > MAX_ID) {
    throw badRequest(`${field} must be a positive integer`);
  }
  return id;
}

export function requiredId(body: Body, field: string): number {
  const value = body[field];
  if (value === undefined || value === null) throw badRequest(`${field} is required`);
  return toId(value, field);
}

function optionalNonNegativeInt(body: Body, field: string): number | undefined {
  const raw = body[field];
  if (raw === undefined || raw === null) return undefined;
  const value = typeof raw === 'string' && /^\d{1,10}$/.test(raw.trim()) ? Number(raw.trim()) : raw;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_ID) {
    throw badRequest(`${field} must be a non-negative integer`);
  }
  return value;
}

export interface Page {
  limit: number;
  offset: number;
}

export const DEFAULT_PAGE_LIMIT = 50;

/** limit 1..max (larger values are capped, absent or 0 means `fallback`), offset >= 0. */
export function readPage(body: Body, fallback: number, max: number): Page {
  const limit = optionalNonNegativeInt(body, 'limit');
  const offset = optionalNonNegativeInt(body, 'offset') ?? 0;
  return { limit: limit === undefined || limit === 0 ? fallback : Math.min(limit, max), offset };
}

/** Just a capped count: absent or 0 means `fallback`. */
export function readLimit(body: Body, fallback: number, max: number): number {
  const limit = optionalNonNegativeInt(body, 'limit');
  return limit === undefined || limit === 0 ? fallback : Math.min(limit, max);
}

export function optionalArray(body: Body, field: string): unknown[] | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw badRequest(`${field} must be a list`);
  return value;
}

export function optionalStringArray(body: Body, field: string): string[] | undefined {
  const list = optionalArray(body, field);
  if (list === undefined) return undefined;
  for (const item of list)
    if (typeof item !== 'string') throw badRequest(`${field} must be a list of strings`);
  return list as string[];
}
