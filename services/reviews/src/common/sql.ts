import { schemaTable } from '@dinebuds/database';
import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { REVIEWS_SCHEMA } from '../config.js';

export { rowsOf } from '@dinebuds/database';

/** Quoted name of one of the reviews service's tables (repositories only). */
export function table(name: string): string {
  return schemaTable(REVIEWS_SCHEMA, name);
}

/** A camelCase property name as the migrations name its column (photoVersion -> photo_version). */
type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : S;

/** An entity's properties as a raw SQL row answers its columns (snake_case). */
export type ColumnsOf<Entity> = { [K in keyof Entity & string as SnakeCase<K>]: Entity[K] };

/** Columns with a prefix, as a row joined with another table carries that table's (`r_name`). */
export type Prefixed<Row, Prefix extends string> = { [K in keyof Row & string as `${Prefix}${K}`]: Row[K] };

/** Inserts one row unless it exists already (ON CONFLICT DO NOTHING). */
export async function insertIfAbsent<Entity extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<Entity>,
  values: QueryDeepPartialEntity<Entity>,
): Promise<void> {
  await manager.createQueryBuilder().insert().into(entity).values(values).orIgnore().execute();
}
