import { describe, expect, it } from '@jest/globals';
import { rowsOf, schemaTable } from './sql.js';

describe('raw SQL helpers', () => {
  it('reads rows from both shapes of TypeORM raw answers', () => {
    expect(rowsOf([{ id: 1 }])).toEqual([{ id: 1 }]);
    expect(rowsOf([[{ id: 1 }, { id: 2 }], 2])).toEqual([{ id: 1 }, { id: 2 }]);
    expect(rowsOf([[], 0])).toEqual([]);
    expect(rowsOf(undefined)).toEqual([]);
  });

  it('quotes a table of a schema', () => {
    expect(schemaTable('social', 'follow_requests')).toBe('"social"."follow_requests"');
  });
});
