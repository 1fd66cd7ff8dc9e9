import { schemaTable } from '@dinebuds/database';
import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { MESSAGING_SCHEMA } from '../config.js';

export { rowsOf } from '@dinebuds/database';

/** Quoted name of one of the messaging service's tables (repositories only). */
export function table(name: string): string {
  return schemaTable(MESSAGING_SCHEMA, name);
}

/** Inserts one row unless it exists already (ON CONFLICT DO NOTHING). */
export async function insertIfAbsent<Entity extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<Entity>,
  values: QueryDeepPartialEntity<Entity>,
): Promise<void> {
  await manager.createQueryBuilder().insert().into(entity).values(values).orIgnore().execute();
}
