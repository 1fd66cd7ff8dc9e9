/**
 * Query keys shared across features. Features never import each other, so the keys that two of
 * them touch (the profile shows badges, the badge editor invalidates them) live here.
 */
export const queryKeys = {
  currentUser: ['current-user'] as const,
  users: ['users'] as const,
  userByUsername: (username: string) => ['users', 'by-username', username.toLowerCase()] as const,
  flavorBadges: (userId: number) => ['users', userId, 'flavor-badges'] as const,
  cityBadges: (userId: number) => ['users', userId, 'city-badges'] as const,
  sessions: ['sessions'] as const,
};
