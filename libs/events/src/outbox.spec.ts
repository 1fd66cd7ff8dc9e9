import { describe, expect, it } from '@jest/globals';
import { eventDataOf, Outbox, type StatementEventColumns } from './outbox.js';

interface Row {
  id: number;
  user_id: number;
  restaurant_id: number;
  rating: number;
  city_key: string | null;
  created_at_iso: string;
  version: number;
}

const COLUMNS: StatementEventColumns<'reviews.review.created', Row> = {
  data: {
    reviewId: 'id',
    userId: 'user_id',
    restaurantId: 'restaurant_id',
    rating: 'rating',
    city: 'city_key',
    createdAt: 'created_at_iso',
  },
  aggregateVersion: 'version',
};

describe('an event written by one statement from its columns', () => {
  const outbox = new Outbox({ schema: 'reviews', producer: 'reviews' });

  it('reads the data from a row by the same declaration', () => {
    const row: Row = {
      id: 7,
      user_id: 3,
      restaurant_id: 9,
      rating: 4,
      city_key: 'chicago',
      created_at_iso: '2026-01-02T03:04:05.678Z',
      version: 1,
    };
    expect(eventDataOf(COLUMNS.data, row)).toEqual({
      reviewId: 7,
      userId: 3,
      restaurantId: 9,
      rating: 4,
      city: 'chicago',
      createdAt: '2026-01-02T03:04:05.678Z',
    });
  });

  it('builds the outbox insert from the rows with its parameters numbered from the given one', () => {
    const event = outbox.statementEvent('reviews.review.created', COLUMNS, { requestId: 'req-1' });
    const { sql, params } = event.insertFrom('w', 8);
    expect(sql.replace(/\s+/g, ' ')).toBe(
      `INSERT INTO "reviews"."outbox" ("id", "type", "payload", "created_at") SELECT $8, $9, $10::jsonb || ` +
        `jsonb_build_object('aggregateVersion', w."version", 'data', jsonb_build_object('reviewId', w."id", ` +
        `'userId', w."user_id", 'restaurantId', w."restaurant_id", 'rating', w."rating", 'city', w."city_key", ` +
        `'createdAt', w."created_at_iso")), $11 FROM w`,
    );
    const [id, type, head, createdAt] = params as [string, string, string, string];
    expect(type).toBe('reviews.review.created');
    expect(JSON.parse(head)).toMatchObject({
      id,
      type,
      occurredAt: createdAt,
      producer: 'reviews',
      requestId: 'req-1',
    });
    expect(JSON.parse(head)).not.toHaveProperty('data');
    // Same text each time: the caller's statement can be prepared.
    expect(outbox.statementEvent('reviews.review.created', COLUMNS).insertFrom('w', 8).sql).toBe(sql);
  });

  it('refuses names that are not plain SQL names', () => {
    expect(() => outbox.statementEvent('reviews.review.created', COLUMNS).insertFrom('w; DROP', 1)).toThrow(
      'not a plain SQL name',
    );
  });
});
