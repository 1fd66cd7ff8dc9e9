/** Social-graph API types (follows, follow requests, blocks, friend recommendations). */

/** Follow button states of document 1 §4. */
export type FollowStatus = 'not_following' | 'following' | 'requested';

/** GET /api/users/{id}/is-following/{targetId}. */
export interface IsFollowingResponse {
  isFollowing: boolean;
  status: FollowStatus;
}

/** POST /api/users/{id}/follow/{targetId}: 'requested' when the target is private. */
export interface FollowResponse {
  status: Exclude<FollowStatus, 'not_following'>;
}

/** POST /api/users/{id}/accept-request/{requesterId}: followBack is set when asked to follow back. */
export interface AcceptRequestResponse {
  status: 'accepted';
  followBack: FollowResponse | null;
}

export interface UnfollowResponse {
  status: 'not_following';
}

/** Entry of a followers / following / search list. */
export interface FollowUserDto {
  id: number;
  username: string;
  name: string;
  profilePicture: string | null;
  isPrivate: boolean;
}

/**
 * A keyset page of a followers / following list (RPC `follows.followersPage` /
 * `follows.followingPage`; the gateway answers `items` and sends `nextCursor` as X-Next-Cursor).
 */
export interface FollowUserPage {
  items: FollowUserDto[];
  /** Opaque; send it back as `cursor` for the next page. null on the last page. */
  nextCursor: string | null;
}

/** A pending follow request as the recipient sees it. */
export interface FollowRequestDto {
  id: number;
  requesterId: number;
  recipientId: number;
  createdAt: string;
  requester: FollowUserDto & { profileImage: string | null };
}

export interface BlockRequest {
  blockedId: number;
}

export interface BlockedUserDto {
  id: number;
  blockerId: number;
  blockedId: number;
  createdAt: string;
  user: FollowUserDto;
}

export interface MuteRequest {
  mutedId: number;
}

/**
 * A person the caller muted: their reviews and activity leave the caller's feed, check-ins,
 * hotspots, stories, rankings and recommendations. They are not told; nothing they see changes.
 */
export interface MutedUserDto {
  mutedId: number;
  createdAt: string;
  user: FollowUserDto;
}

/** Whether the caller has muted a person (the answer of mute and unmute). */
export interface MuteStatusResponse {
  muted: boolean;
}

/** What another person's profile menu needs for Mute / Unmute and Remove follower. */
export interface SafetyStatusResponse extends MuteStatusResponse {
  /** They follow the caller (an approved follow): Remove follower applies. */
  followsYou: boolean;
}

/** Why a bud is recommended, shown on the card. */
export type RecommendationReason = 'followed_by_buds' | 'shared_flavors' | 'shared_cities';

export interface FriendRecommendationDto {
  user: FollowUserDto & { bio: string | null };
  reason: RecommendationReason;
  /** Human sentence, e.g. 'Followed by 2 of your buds' or 'Also loves sushi and vegan'. */
  reasonText: string;
  mutualBuds: number;
  sharedFlavors: string[];
  sharedCities: string[];
}
