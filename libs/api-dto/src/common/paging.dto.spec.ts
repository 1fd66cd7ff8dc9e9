import { describe, expect, it } from '@jest/globals';
import { LIMITS } from '@dinebuds/contracts';
import { validateRequest } from '../validation/validate-request.js';
import { PagingQuery, pageOf } from './paging.dto.js';

describe('a page read by a service', () => {
  const page = async (body: unknown, fallback?: number) => {
    const checked = await validateRequest(PagingQuery, body);
    return checked.ok ? pageOf(checked.value, fallback) : checked.message;
  };

  it('defaults, caps and reads digits', async () => {
    expect(await page({})).toEqual({ limit: LIMITS.listPageDefault, offset: 0 });
    expect(await page(undefined, LIMITS.listPageMax)).toEqual({ limit: LIMITS.listPageMax, offset: 0 });
    expect(await page({ limit: 500, offset: 10 })).toEqual({ limit: LIMITS.listPageMax, offset: 10 });
    expect(await page({ limit: '20', offset: '3' })).toEqual({ limit: 20, offset: 3 });
  });

  it('refuses what is not a count, with the gateway sentence', async () => {
    expect(await page({ offset: -1 })).toBe('offset must be a non-negative integer');
    expect(await page({ offset: 2_147_483_648 })).toBe('offset must be a non-negative integer');
    expect(await page({ limit: 'lots' })).toBe('limit must be an integer between 1 and 100');
    expect(await page({ limit: 0 })).toBe('limit must be an integer between 1 and 100');
  });
});
