import type { CountResponse, MessageResponse } from '../api/identity.js';
import type {
  AcceptRequestResponse,
  BlockedUserDto,
  FollowRequestDto,
  FollowResponse,
  FollowUserDto,
  FollowUserPage,
  FriendRecommendationDto,
  IsFollowingResponse,
  MutedUserDto,
  MuteStatusResponse,
  SafetyStatusResponse,
  UnfollowResponse,
} from '../api/social.js';
import type { Paging } from './identity.js';
import type { SocialExport } from '../api/account.js';

/** A page of a user's followers / following after `cursor` (a previous page's nextCursor). */
export interface FollowPageRequest {
  userId: number;
  limit?: number;
  cursor?: string;
}

/**
 * Social-graph's RPC patterns. The caller travels in headers; `userId` in a request is the
 * `{id}` of the public route, which the service checks against the caller where it acts as them.
 */
export type SocialRpc = {
  'follows.status': { request: { userId: number; targetId: number }; response: IsFollowingResponse };
  'follows.follow': { request: { userId: number; targetId: number }; response: FollowResponse };
  'follows.unfollow': { request: { userId: number; targetId: number }; response: UnfollowResponse };
  'follows.followers': { request: { userId: number } & Paging; response: FollowUserDto[] };
  'follows.following': { request: { userId: number } & Paging; response: FollowUserDto[] };
  /** Keyset paging (newest first): no cursor is the first page; cost does not grow with depth. */
  'follows.followersPage': { request: FollowPageRequest; response: FollowUserPage };
  'follows.followingPage': { request: FollowPageRequest; response: FollowUserPage };
  'follows.followersCount': { request: { userId: number }; response: CountResponse };
  'follows.followingCount': { request: { userId: number }; response: CountResponse };
  'requests.list': { request: { userId: number }; response: FollowRequestDto[] };
  'requests.accept': {
    request: { userId: number; requesterId: number; followBack?: boolean };
    response: AcceptRequestResponse;
  };
  'requests.reject': { request: { userId: number; requesterId: number }; response: MessageResponse };
  'blocks.block': { request: { blockedId: number }; response: BlockedUserDto };
  'blocks.unblock': { request: { blockedId: number }; response: MessageResponse };
  'blocks.list': { request: Record<string, never>; response: BlockedUserDto[] };
  /** The caller mutes / unmutes a person (idempotent); the muted person is not told. */
  'mutes.mute': { request: { mutedId: number }; response: MuteStatusResponse };
  'mutes.unmute': { request: { mutedId: number }; response: MuteStatusResponse };
  'mutes.status': { request: { mutedId: number }; response: SafetyStatusResponse };
  'mutes.list': { request: Record<string, never>; response: MutedUserDto[] };
  /** The caller removes a follower (their follow ends, social.follow.removed); they are not told. */
  'follows.removeFollower': { request: { followerId: number }; response: MessageResponse };
  'recommendations.list': { request: { limit?: number }; response: FriendRecommendationDto[] };
  /** The caller's part of their data export. */
  'follows.export': { request: Record<string, never>; response: SocialExport };
};

export type SocialPattern = keyof SocialRpc;
