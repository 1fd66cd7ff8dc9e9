import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';

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

/** Quoted `"schema"."table"` for raw SQL, from a service's schema constant. */
export function schemaTable(schema: string, name: string): string {
  return `"${schema}"."${name}"`;
}

/** Inserts one row unless it exists already (ON CONFLICT DO NOTHING). */
export async function insertIfAbsent<Entity extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<Entity>,
  values: QueryDeepPartialEntity<Entity>,
): Promise<void> {
  await manager.createQueryBuilder().insert().into(entity).values(values).orIgnore().execute();
}
