import type { PublicUserFields } from './user.mapper.js';

/** The public columns of identity.users, as `alias.column` (a join's select list shares them). */
export function publicUserColumns(alias: string): string {
  return [
    'id',
    'username',
    'name',
    'bio',
    'picture_type',
    'picture_version',
    'review_count',
    'is_admin',
    'is_private',
    'created_at',
  ]
    .map((column) => `${alias}.${column}`)
    .join(', ');
}

/** A row of those columns as pg answers it. */
export interface PublicUserRow {
  id: number;
  username: string;
  name: string;
  bio: string | null;
  picture_type: string | null;
  picture_version: number;
  review_count: number;
  is_admin: boolean;
  is_private: boolean;
  created_at: Date;
}

export function fromPublicUserRow(row: PublicUserRow): PublicUserFields {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    bio: row.bio,
    pictureType: row.picture_type,
    pictureVersion: row.picture_version,
    reviewCount: row.review_count,
    isAdmin: row.is_admin,
    isPrivate: row.is_private,
    createdAt: row.created_at,
  };
}
