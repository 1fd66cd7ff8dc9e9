import type { EntityManager } from 'typeorm';
import type { ProjectedBadges } from './user-projection.policy.js';

/**
 * Rewrites a user's rows of social.user_badges (the badge -> holders index recommendations read)
 * to match the badges just stored in social.users, in the same transaction. A deleted user's rows
 * go with the user row (ON DELETE CASCADE).
 */
export async function writeBadgeIndex(
  manager: EntityManager,
  userId: number,
  badges: ProjectedBadges,
): Promise<void> {
  await manager.query(`DELETE FROM "social"."user_badges" WHERE "user_id" = $1`, [userId]);
  await manager.query(
    `INSERT INTO "social"."user_badges" ("kind", "name", "user_id")
     SELECT 'flavor', b, $1::int FROM unnest($2::text[]) AS b
     UNION
     SELECT 'city', b, $1::int FROM unnest($3::text[]) AS b`,
    [userId, badges.flavorBadges, badges.cityBadges],
  );
}
