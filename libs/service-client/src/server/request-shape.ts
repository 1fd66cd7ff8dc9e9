/**
 * Text PostgreSQL cannot store, refused in any RPC body before a handler reads it (service-app).
 * The shape of each body is its request class's business (rpc-body.ts).
 */
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

/** A page as a service's use case reads it (`pageOf` in @dinebuds/api-dto fills the defaults). */
export interface Page {
  limit: number;
  offset: number;
}
