/**
 * Query keys shared across features. Features never import each other, so the keys that two of
 * them touch (the profile shows badges, the badge editor invalidates them; a follow on the Social
 * screen changes the counts on a profile) live here. Social-graph keys start with 'social' and
 * end with the user they describe, so one prefix invalidates them for every user.
 */
export const queryKeys = {
  currentUser: ['current-user'] as const,
  env: ['env'] as const,
  users: ['users'] as const,
  usersList: ['users', 'list'] as const,
  usersSearchAll: ['users', 'search'] as const,
  usersSearch: (text: string) => ['users', 'search', text.trim().toLowerCase()] as const,
  userByUsername: (username: string) => ['users', 'by-username', username.toLowerCase()] as const,
  flavorBadges: (userId: number) => ['users', userId, 'flavor-badges'] as const,
  cityBadges: (userId: number) => ['users', userId, 'city-badges'] as const,
  sessions: ['sessions'] as const,

  followStatusAll: ['social', 'follow-status'] as const,
  followStatus: (userId: number, targetId: number) => ['social', 'follow-status', userId, targetId] as const,
  followersAll: ['social', 'followers'] as const,
  followers: (userId: number) => ['social', 'followers', userId] as const,
  followingAll: ['social', 'following'] as const,
  following: (userId: number) => ['social', 'following', userId] as const,
  followersCountAll: ['social', 'followers-count'] as const,
  followersCount: (userId: number) => ['social', 'followers-count', userId] as const,
  followingCountAll: ['social', 'following-count'] as const,
  followingCount: (userId: number) => ['social', 'following-count', userId] as const,
  followRequests: (userId: number) => ['social', 'follow-requests', userId] as const,
  recommendations: ['social', 'recommendations'] as const,
  blockedUsers: ['social', 'blocked'] as const,

  // Everything the reviews service answers starts with 'reviews', so one prefix refreshes it all.
  reviewsAll: ['reviews'] as const,
  reviewsByUser: (userId: number) => ['reviews', 'by-user', userId] as const,
  restaurant: (id: number) => ['reviews', 'restaurant', id] as const,
  savedAll: ['reviews', 'saved'] as const,
  saved: (userId: number) => ['reviews', 'saved', userId] as const,
  activity: (userId: number) => ['reviews', 'activity', userId] as const,
};
