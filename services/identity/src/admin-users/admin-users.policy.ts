import {
  ADMIN_USERS_MESSAGES as M,
  REVIEW_COUNT_BUCKET_BOUNDS,
  cityLabel,
  reviewLevelFor,
  type AdminUserDto,
  type ReviewCountBucket,
  type UserStatusFilter,
} from '@dinebuds/contracts';
import { badRequest } from '@dinebuds/errors';
import { profilePictureUrl } from '../users/user.mapper.js';

/** An admin never deactivates their own account (they would lock themselves out). */
export function assertNotSelf(caller: { userId: number }, userId: number): void {
  if (caller.userId === userId) throw badRequest(M.cannotDeactivateSelf);
}

/** The filters of a list, as the repository reads them (null: no bound). */
export interface AdminUserFilters {
  minReviews: number;
  maxReviews: number | null;
  active: boolean | null;
}

export function adminUserFilters(
  reviews: ReviewCountBucket | 'all' | undefined,
  status: UserStatusFilter | undefined,
): AdminUserFilters {
  const bounds = reviews && reviews !== 'all' ? REVIEW_COUNT_BUCKET_BOUNDS[reviews] : { min: 0, max: null };
  const active = status === 'active' ? true : status === 'inactive' ? false : null;
  return { minReviews: bounds.min, maxReviews: bounds.max, active };
}

/** A row of the admin list as PostgreSQL answers it. */
export interface AdminUserRow {
  id: number;
  username: string;
  name: string;
  picture_type: string | null;
  picture_version: number;
  review_count: number;
  is_admin: boolean;
  is_private: boolean;
  is_active: boolean;
  deactivated_at: Date | null;
  created_at: Date;
  /** The city key with most of their reviews (ties: alphabetical), null before the first. */
  most_visited_city: string | null;
}

/** Row -> DTO field by field: level and city label from the real counts. */
export function toAdminUserDto(row: AdminUserRow): AdminUserDto {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    profilePicture: profilePictureUrl({
      id: row.id,
      pictureType: row.picture_type,
      pictureVersion: row.picture_version,
    }),
    reviewCount: row.review_count,
    isAdmin: row.is_admin,
    isPrivate: row.is_private,
    isActive: row.is_active,
    deactivatedAt: row.deactivated_at ? row.deactivated_at.toISOString() : null,
    level: reviewLevelFor(row.review_count).title,
    mostVisitedCity: row.most_visited_city === null ? null : cityLabel(row.most_visited_city),
    createdAt: row.created_at.toISOString(),
  };
}
