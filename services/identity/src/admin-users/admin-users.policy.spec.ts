import { describe, expect, it } from '@jest/globals';
import { adminUserFilters, assertNotSelf, toAdminUserDto, type AdminUserRow } from './admin-users.policy.js';

describe('adminUserFilters', () => {
  it('reads the spec buckets as inclusive review-count bounds', () => {
    expect(adminUserFilters('0-10', undefined)).toEqual({ minReviews: 0, maxReviews: 10, active: null });
    expect(adminUserFilters('11-30', 'active')).toEqual({ minReviews: 11, maxReviews: 30, active: true });
    expect(adminUserFilters('31-50', 'inactive')).toEqual({ minReviews: 31, maxReviews: 50, active: false });
    expect(adminUserFilters('50+', 'all')).toEqual({ minReviews: 51, maxReviews: null, active: null });
    expect(adminUserFilters('all', undefined)).toEqual({ minReviews: 0, maxReviews: null, active: null });
  });
});

describe('toAdminUserDto', () => {
  const row: AdminUserRow = {
    id: 4,
    username: 'dee',
    name: 'Dee',
    picture_type: 'image/png',
    picture_version: 2,
    review_count: 27,
    is_admin: false,
    is_private: true,
    is_active: false,
    deactivated_at: new Date('2026-11-26T10:00:00Z'),
    created_at: new Date('2026-01-02T03:04:05Z'),
    most_visited_city: 'new york',
  };

  it('takes the level from the review count and the city label from the catalogue', () => {
    expect(toAdminUserDto(row)).toEqual({
      id: 4,
      username: 'dee',
      name: 'Dee',
      profilePicture: '/api/users/4/profile-picture?v=2',
      reviewCount: 27,
      isAdmin: false,
      isPrivate: true,
      isActive: false,
      deactivatedAt: '2026-11-26T10:00:00.000Z',
      level: 'Flavor Maven',
      mostVisitedCity: 'New York',
      createdAt: '2026-01-02T03:04:05.000Z',
    });
    expect(toAdminUserDto({ ...row, most_visited_city: null, review_count: 0 })).toMatchObject({
      mostVisitedCity: null,
      level: 'Flavor Seeker',
    });
  });
});

describe('status changes', () => {
  it('refuses an admin their own account', () => {
    expect(() => assertNotSelf({ userId: 3 }, 3)).toThrow('You cannot deactivate your own account!');
    expect(() => assertNotSelf({ userId: 3 }, 4)).not.toThrow();
  });
});
