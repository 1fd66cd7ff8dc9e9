import { describe, expect, it } from '@jest/globals';
import { VALIDATION_MESSAGES } from '@dinebuds/contracts';
import { checkRequest } from '../validation/validate-request.js';
import { PagingQuery } from '../common/paging.dto.js';
import { SearchUsersQuery, UpdateUserDto } from './users.dto.js';

async function check<T extends object>(
  dto: new () => T,
  plain: object,
): Promise<{ message: string | null; value: T }> {
  const checked = await checkRequest(dto, plain, 'edge');
  return checked.ok ? { message: null, value: checked.value } : { message: checked.message, value: {} as T };
}

describe('UpdateUserDto', () => {
  it.each([
    [{}, null],
    [{ name: 'Alice', bio: null, isPrivate: true }, null],
    [{ name: 'A' }, VALIDATION_MESSAGES.nameMin],
    [{ name: null }, 'Name must be a string'],
    [{ bio: 'x'.repeat(161) }, VALIDATION_MESSAGES.bioMax],
    [{ isPrivate: 'false' }, 'isPrivate must be true or false'],
    [{ username: 'mallory' }, "Unexpected field 'username'"],
  ])('%j -> %s', async (plain, message) => {
    expect((await check(UpdateUserDto, plain)).message).toBe(message);
  });
});

describe('PagingQuery', () => {
  it('turns query text into numbers and caps the page at 100', async () => {
    expect((await check(PagingQuery, { limit: '20', offset: '40' })).value).toEqual({
      limit: 20,
      offset: 40,
    });
    expect((await check(PagingQuery, { limit: '1000' })).value.limit).toBe(100);
    expect((await check(PagingQuery, { limit: '' })).value.limit).toBeUndefined();
  });

  it.each([
    [{ limit: 'ten' }, 'limit must be an integer between 1 and 100'],
    [{ limit: '0' }, 'limit must be an integer between 1 and 100'],
    [{ limit: '2.5' }, 'limit must be an integer between 1 and 100'],
    [{ offset: '-1' }, 'offset must be a non-negative integer'],
  ])('%j -> %s', async (plain, message) => {
    expect((await check(PagingQuery, plain)).message).toBe(message);
  });

  it('takes one search text', async () => {
    expect((await check(SearchUsersQuery, { username: ' ali ' })).value.username).toBe('ali');
    expect((await check(SearchUsersQuery, { username: ['a', 'b'] })).message).toBe(
      'username must be a single search text',
    );
  });
});
