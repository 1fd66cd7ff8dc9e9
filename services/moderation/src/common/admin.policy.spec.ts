import { describe, expect, it } from '@jest/globals';
import { personOf } from './admin.policy.js';

describe('admin rules', () => {
  it('reads a person from a join, null when the projection has no row', () => {
    expect(personOf({ id: 3, username: 'ann', name: 'Ann', profilePicture: null })).toEqual({
      id: 3,
      username: 'ann',
      name: 'Ann',
      profilePicture: null,
    });
    expect(personOf({ id: 3, username: null, name: null, profilePicture: null })).toBeNull();
  });
});
