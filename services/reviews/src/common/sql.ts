import { schemaTable } from '@dinebuds/database';
import { REVIEWS_SCHEMA } from '../config.js';

export { insertIfAbsent, rowsOf } from '@dinebuds/database';

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
