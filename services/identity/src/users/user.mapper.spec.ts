import { describe, expect, it } from '@jest/globals';
import { UserEntity } from './user.entity.js';
import { profilePictureUrl, toUserDto, toUserSnapshot, toUserSummaryDto } from './user.mapper.js';

function user(overrides: Partial<UserEntity> = {}): UserEntity {
  return Object.assign(new UserEntity(), {
    id: 7,
    username: 'ada',
    name: 'Ada',
    bio: null,
    passwordHash: '$argon2id$v=19$m=19456,p=1,t=2$secret-hash',
    isAdmin: false,
    isPrivate: true,
    reviewCount: 3,
    picture: Buffer.from('bytes'),
    pictureType: 'image/png',
    pictureVersion: 4,
    createdAt: new Date('2025-01-02T03:04:05.000Z'),
    updatedAt: new Date('2025-01-03T00:00:00.000Z'),
    ...overrides,
  });
}

describe('user mapping', () => {
  it('never carries the password hash or the picture bytes', () => {
    for (const mapped of [toUserDto(user()), toUserSummaryDto(user()), toUserSnapshot(user())]) {
      const text = JSON.stringify(mapped);
      expect(text).not.toContain('argon2');
      expect(text).not.toContain('secret-hash');
      expect(Object.keys(mapped)).not.toEqual(expect.arrayContaining(['passwordHash']));
      expect(Object.keys(mapped)).not.toContain('picture');
    }
  });

  it('maps exactly the DTO fields', () => {
    expect(toUserDto(user())).toEqual({
      id: 7,
      username: 'ada',
      name: 'Ada',
      bio: null,
      profilePicture: '/api/users/7/profile-picture?v=4',
      reviewCount: 3,
      isAdmin: false,
      isPrivate: true,
      createdAt: '2025-01-02T03:04:05.000Z',
    });
    expect(Object.keys(toUserSummaryDto(user())).sort()).toEqual([
      'bio',
      'id',
      'isPrivate',
      'name',
      'profilePicture',
      'reviewCount',
      'username',
    ]);
    expect(toUserSnapshot(user())).toMatchObject({ userId: 7, isAdmin: false, isPrivate: true });
  });

  it('has no picture URL without a picture', () => {
    expect(profilePictureUrl(user({ pictureType: null, pictureVersion: 0 }))).toBeNull();
  });
});
