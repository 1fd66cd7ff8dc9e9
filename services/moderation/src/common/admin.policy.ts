import type { ModerationPersonDto } from '@dinebuds/contracts';

/** A person's columns as a repository reads them with a LEFT JOIN on the users projection. */
export interface PersonColumns {
  id: number;
  username: string | null;
  name: string | null;
  profilePicture: string | null;
}

/** The person, or null when moderation does not know them (the join found no row). */
export function personOf(columns: PersonColumns): ModerationPersonDto | null {
  if (columns.username === null || columns.name === null) return null;
  return {
    id: columns.id,
    username: columns.username,
    name: columns.name,
    profilePicture: columns.profilePicture,
  };
}
