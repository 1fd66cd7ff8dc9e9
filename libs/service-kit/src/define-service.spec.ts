import { describe, expect, it } from '@jest/globals';
import { defineService } from './define-service.js';

describe('defineService', () => {
  it('refuses a definition whose controllers leave its contract patterns unrouted', () => {
    expect(() =>
      defineService({
        name: 'reviews',
        schema: 'reviews',
        defaultPort: 4103,
        entities: [],
        migrations: [],
        controllers: [],
        providers: [],
      }),
    ).toThrow(/^reviews: RPC routes disagree with its contract: reviews\.byUser is routed 0 times; /);
  });
});
