import { unexpectedField } from './first-message.js';

export const BODY_NOT_OBJECT = 'The request body must be a JSON object';
export const BODY_TOO_DEEP = 'The request body is nested too deeply';

/** Deeper than any request class (a body, a list, an item, its fields) with room to spare. */
const MAX_BODY_DEPTH = 16;

/**
 * What class-transformer and class-validator cannot be trusted with, found without recursion:
 * nesting deep enough to overflow their recursive walks (a 500), and keys named like
 * Object.prototype members ('__proto__', 'constructor', 'toString'), which the whitelist misses.
 */
export function bodyStructureProblem(value: unknown): string | undefined {
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth > MAX_BODY_DEPTH) return BODY_TOO_DEEP;
    if (Array.isArray(current)) {
      for (const item of current) pending.push([item, depth + 1]);
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      if (key in Object.prototype) return unexpectedField(key);
      pending.push([item, depth + 1]);
    }
  }
  return undefined;
}

/** A request body must be a JSON object: an array would otherwise be checked item by item. */
export const isBodyObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
