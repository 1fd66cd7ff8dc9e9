import type { FollowUserDto } from '@dinebuds/contracts';

/** The projection fields every list shows. */
export interface UserSummaryRow {
  id: number;
  username: string;
  name: string;
  profilePicture: string | null;
  isPrivate: boolean;
}

/** Column list (aliased to UserSummaryRow) for raw queries joining social.users as `alias`. */
export function userSummaryColumns(alias: string): string {
  return `${alias}."id" AS "id", ${alias}."username" AS "username", ${alias}."name" AS "name", ${alias}."profile_picture" AS "profilePicture", ${alias}."is_private" AS "isPrivate"`;
}

/** Field by field, so a projection column can never reach an answer by accident. */
export function toFollowUserDto(user: UserSummaryRow): FollowUserDto {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    profilePicture: user.profilePicture,
    isPrivate: user.isPrivate,
  };
}
