import { SOCIAL_SCHEMA } from '../config.js';

/**
 * Rows of a raw `manager.query(...)`. TypeORM's postgres driver answers UPDATE and DELETE with
 * `[rows, affectedCount]` and everything else (SELECT, INSERT, WITH ... INSERT) with the rows.
 */
export function rowsOf<T>(result: unknown): T[] {
  if (
    Array.isArray(result) &&
    result.length === 2 &&
    Array.isArray(result[0]) &&
    typeof result[1] === 'number'
  ) {
    return result[0] as T[];
  }
  return Array.isArray(result) ? (result as T[]) : [];
}

/** Quoted name of one of social-graph's tables, from the schema constant (repositories only). */
export function socialTable(name: string): string {
  return `"${SOCIAL_SCHEMA}"."${name}"`;
}
