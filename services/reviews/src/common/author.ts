import type { DiscoveryUserDto } from '@dinebuds/contracts';

/** A row's author from the users projection (joined as `u`): statuses, comments. */
export interface AuthorColumns {
  user_id: number;
  username: string;
  name: string;
  profile_picture: string | null;
}

/** SQL: the AuthorColumns beside a row's own user_id, from the users projection aliased `u`. */
export const AUTHOR_COLUMNS_SQL = 'u.username, u.name, u.profile_picture';

export function authorOf(row: AuthorColumns): DiscoveryUserDto {
  return { id: row.user_id, username: row.username, name: row.name, profilePicture: row.profile_picture };
}
