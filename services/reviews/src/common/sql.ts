import { schemaTable } from '@dinebuds/database';
import { REVIEWS_SCHEMA } from '../config.js';

export { rowsOf } from '@dinebuds/database';

/** Quoted name of one of the reviews service's tables (repositories only). */
export function table(name: string): string {
  return schemaTable(REVIEWS_SCHEMA, name);
}
