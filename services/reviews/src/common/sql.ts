import { REVIEWS_SCHEMA } from '../config.js';

/**
 * Rows of a raw `manager.query(...)`. TypeORM's postgres driver answers UPDATE and DELETE with
 * `[rows, affectedCount]` and everything else with the rows.
 */
export function rowsOf<T>(result: unknown): T[] {
  if (
    Array.isArray(result) &&
    result.length === 2 &&
    Array.isArray(result[0]) &&
    typeof result[1] === 'number'
  )
    return result[0] as T[];
  return Array.isArray(result) ? (result as T[]) : [];
}

/** Quoted name of one of the reviews service's tables (repositories only). */
export function table(name: string): string {
  return `"${REVIEWS_SCHEMA}"."${name}"`;
}
