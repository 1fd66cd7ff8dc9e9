import { describe, expect, it } from '@jest/globals';
import { checkRequest } from '../validation/validate-request.js';
import { AcceptRequestDto, BlockDto, RecommendationsQuery } from './social.dto.js';

async function check<T extends object>(
  dto: new () => T,
  plain: object,
): Promise<{ message: string | null; value: T }> {
  const checked = await checkRequest(dto, plain, 'edge');
  return checked.ok ? { message: null, value: checked.value } : { message: checked.message, value: {} as T };
}

describe('BlockDto', () => {
  it.each([
    [{ blockedId: 7 }, null],
    [{ blockedId: 2_147_483_647 }, null],
    [{}, 'blockedId is required'],
    [{ blockedId: null }, 'blockedId is required'],
    [{ blockedId: '7' }, 'blockedId must be a positive integer'],
    [{ blockedId: 0 }, 'blockedId must be a positive integer'],
    [{ blockedId: -3 }, 'blockedId must be a positive integer'],
    [{ blockedId: 1.5 }, 'blockedId must be a positive integer'],
    [{ blockedId: 2_147_483_648 }, 'blockedId must be a positive integer'],
    [{ blockedId: 7, blockerId: 1 }, "Unexpected field 'blockerId'"],
  ])('%j -> %s', async (plain, message) => {
    expect((await check(BlockDto, plain)).message).toBe(message);
  });
});

describe('AcceptRequestDto', () => {
  it.each([
    [{}, null],
    [{ followBack: true }, null],
    [{ followBack: false }, null],
    [{ followBack: 'yes' }, 'followBack must be true or false'],
    [{ followBack: null }, 'followBack must be true or false'],
    [{ follow: true }, "Unexpected field 'follow'"],
  ])('%j -> %s', async (plain, message) => {
    expect((await check(AcceptRequestDto, plain)).message).toBe(message);
  });
});

describe('RecommendationsQuery', () => {
  it('turns query text into a number and caps it at 50', async () => {
    expect((await check(RecommendationsQuery, { limit: '10' })).value.limit).toBe(10);
    expect((await check(RecommendationsQuery, { limit: '500' })).value.limit).toBe(50);
    expect((await check(RecommendationsQuery, { limit: '' })).value.limit).toBeUndefined();
    expect((await check(RecommendationsQuery, {})).message).toBeNull();
  });

  it.each(['0', '-1', 'ten', '2.5', '1e3'])('refuses limit=%s', async (limit) => {
    expect((await check(RecommendationsQuery, { limit })).message).toBe(
      'limit must be an integer between 1 and 50',
    );
  });
});
