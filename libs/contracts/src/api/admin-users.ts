import type { UserDto } from './identity.js';

/** The Users tab's review-count filter (spec 2): buckets of a person's review count. */
export const REVIEW_COUNT_BUCKETS = ['0-10', '11-30', '31-50', '50+'] as const;
export type ReviewCountBucket = (typeof REVIEW_COUNT_BUCKETS)[number];

/** Inclusive review-count bounds of each bucket (null: no upper bound). */
export const REVIEW_COUNT_BUCKET_BOUNDS: Record<ReviewCountBucket, { min: number; max: number | null }> = {
  '0-10': { min: 0, max: 10 },
  '11-30': { min: 11, max: 30 },
  '31-50': { min: 31, max: 50 },
  '50+': { min: 51, max: null },
};

export const USER_STATUS_FILTERS = ['all', 'active', 'inactive'] as const;
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number];

export const ADMIN_USERS_LIMITS = {
  pageDefault: 50,
  pageMax: 100,
  searchMax: 100,
  reasonMax: 500,
} as const;

/** GET /api/admin/users: one page of people, with how many match in all. */
export interface AdminUserListQuery {
  /** Name or username contains this (case-insensitive). */
  q?: string;
  reviews?: ReviewCountBucket | 'all';
  status?: UserStatusFilter;
  limit?: number;
  offset?: number;
}

/** A row of the admin Users table: every value real, none a client-side placeholder. */
export interface AdminUserDto extends Pick<
  UserDto,
  'id' | 'username' | 'name' | 'profilePicture' | 'reviewCount' | 'isAdmin' | 'isPrivate'
> {
  isActive: boolean;
  /** When the person was deactivated (ISO 8601), null while active. */
  deactivatedAt: string | null;
  /** The review level's title, from the real review count. */
  level: string;
  /** The city with most of their reviews (its label), null before their first review. */
  mostVisitedCity: string | null;
  createdAt: string;
}

export interface AdminUserListDto {
  users: AdminUserDto[];
  /** How many people match the search and filters (the page is a part of them). */
  total: number;
}

/** POST /api/admin/users/{id}/deactivate (and /reactivate): the admin's optional "why". */
export interface UserStatusChangeRequest {
  reason?: string | null;
}

/** Sentences the admin user routes answer with. */
export const ADMIN_USERS_MESSAGES = {
  cannotDeactivateSelf: 'You cannot deactivate your own account!',
  alreadyDeactivated: 'This account is already deactivated',
  alreadyActive: 'This account is already active',
  userNotFound: 'User not found',
  accountDeactivated: 'This account has been deactivated. Please contact support.',
  reviewsFilter: `reviews must be all, ${REVIEW_COUNT_BUCKETS.join(', ')}`,
  statusFilter: 'status must be all, active or inactive',
  reasonTooLong: `Reason must be at most ${ADMIN_USERS_LIMITS.reasonMax} characters`,
} as const;
