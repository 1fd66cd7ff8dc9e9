import { schemaTable } from '@dinebuds/database';
import { MESSAGING_SCHEMA } from '../config.js';

export { insertIfAbsent, rowsOf } from '@dinebuds/database';

/** Quoted name of one of the messaging service's tables (repositories only). */
export function table(name: string): string {
  return schemaTable(MESSAGING_SCHEMA, name);
}
