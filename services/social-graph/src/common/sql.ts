import { schemaTable } from '@dinebuds/database';
import { SOCIAL_SCHEMA } from '../config.js';

export { rowsOf } from '@dinebuds/database';

/** Quoted name of one of social-graph's tables, from the schema constant (repositories only). */
export function socialTable(name: string): string {
  return schemaTable(SOCIAL_SCHEMA, name);
}
