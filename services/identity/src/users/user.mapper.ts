import type { UserDto, UserSnapshot, UserSummaryDto } from '@dinebuds/contracts';
import type { UserEntity } from './user.entity.js';

type PictureFields = Pick<UserEntity, 'id' | 'pictureType' | 'pictureVersion'>;

/** Public URL of the picture; the version changes on upload so browsers refetch. */
export function profilePictureUrl(user: PictureFields): string | null {
  if (!user.pictureType) return null;
  return `/api/users/${user.id}/profile-picture?v=${user.pictureVersion}`;
}

/** The columns a UserDto is made of. */
export type PublicUserFields = Pick<
  UserEntity,
  | 'id'
  | 'username'
  | 'name'
  | 'bio'
  | 'pictureType'
  | 'pictureVersion'
  | 'reviewCount'
  | 'isAdmin'
  | 'isPrivate'
  | 'createdAt'
>;

/**
 * Entity -> DTO field by field: a new entity column (like password_hash) can never reach an
 * answer by accident.
 */
export function toUserDto(user: PublicUserFields): UserDto {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    bio: user.bio,
    profilePicture: profilePictureUrl(user),
    reviewCount: user.reviewCount,
    isAdmin: user.isAdmin,
    isPrivate: user.isPrivate,
    createdAt: user.createdAt.toISOString(),
  };
}

export function toUserSummaryDto(user: UserEntity): UserSummaryDto {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    profilePicture: profilePictureUrl(user),
    bio: user.bio,
    reviewCount: user.reviewCount,
    isPrivate: user.isPrivate,
  };
}

/** Payload of identity.user.* events. */
export function toUserSnapshot(user: UserEntity): UserSnapshot {
  return {
    userId: user.id,
    username: user.username,
    name: user.name,
    bio: user.bio,
    profilePicture: profilePictureUrl(user),
    isPrivate: user.isPrivate,
    isAdmin: user.isAdmin,
  };
}
