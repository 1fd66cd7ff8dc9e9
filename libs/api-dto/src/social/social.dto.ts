import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, Matches, MaxLength, Min } from 'class-validator';
import { LIMITS, type BlockRequest, type FollowPageRequest, type SocialRpc } from '@dinebuds/contracts';
import { PagingQuery } from '../common/paging.dto.js';
import { toCappedInt } from '../validation/transforms.js';
import { IsOptionalNotNull, PositiveId } from '../validation/validators.js';

type RpcRequest<P extends keyof SocialRpc> = SocialRpc[P]['request'];

export const BLOCKED_ID_MESSAGE = 'blockedId must be a positive integer';
export const CURSOR_MESSAGE = 'cursor is not valid';
export const CURSOR_WITH_OFFSET_MESSAGE = 'Use either cursor or offset, not both';
const RECOMMENDATIONS_LIMIT_MESSAGE = `limit must be an integer between 1 and ${LIMITS.recommendationsMax}`;

/** POST /api/users/block and /api/users/unblock, and social-graph's `blocks.block`/`blocks.unblock`. */
export class BlockDto implements BlockRequest {
  @ApiProperty({ example: 42, minimum: 1, description: 'The user to block or unblock' })
  @PositiveId()
  blockedId: number;
}

/** POST /api/users/{id}/accept-request/{requesterId}: the body is optional. */
export class AcceptRequestDto {
  @ApiPropertyOptional({ default: false, description: 'Also follow the requester back (Accept & Follow)' })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'followBack must be true or false' })
  followBack?: boolean;
}

/** GET /api/users/recommended, and social-graph's `recommendations.list`. */
export class RecommendationsQuery implements RpcRequest<'recommendations.list'> {
  @ApiPropertyOptional({
    minimum: 1,
    maximum: LIMITS.recommendationsMax,
    default: LIMITS.recommendationsDefault,
  })
  @IsOptional()
  @Transform(toCappedInt(LIMITS.recommendationsMax))
  @IsInt({ message: RECOMMENDATIONS_LIMIT_MESSAGE })
  @Min(1, { message: RECOMMENDATIONS_LIMIT_MESSAGE })
  limit?: number;
}

/**
 * GET /api/users/{id}/followers and /following: limit/offset as before, or keyset paging with
 * `cursor` (empty for the first page, then the X-Next-Cursor of the previous answer).
 */
export class FollowListQuery extends PagingQuery {
  @ApiPropertyOptional({
    description:
      'Keyset paging: send it empty for the first page, then the X-Next-Cursor header of the previous page. Not with offset.',
    maxLength: 64,
  })
  @IsOptional()
  @IsString({ message: CURSOR_MESSAGE })
  @MaxLength(64, { message: CURSOR_MESSAGE })
  @Matches(/^[A-Za-z0-9_-]*$/, { message: CURSOR_MESSAGE })
  cursor?: string;
}

/** social-graph's follower/following lists: `follows.followers` (offset) and `follows.followersPage` (cursor). */
export class UserFollowListRequest extends FollowListQuery implements FollowPageRequest {
  @PositiveId({ fromText: true }) userId: number;
}

/** social-graph's `follows.status`, `follows.follow`, `follows.unfollow`. */
export class FollowPairRequest implements RpcRequest<'follows.follow'> {
  @PositiveId({ fromText: true }) userId: number;
  @PositiveId({ fromText: true }) targetId: number;
}

/** social-graph's `requests.list` (limit/offset accepted; the default is the whole first 100). */
export class FollowRequestListRequest extends PagingQuery implements RpcRequest<'requests.list'> {
  @PositiveId({ fromText: true }) userId: number;
}

/** social-graph's `requests.reject`. */
export class RequesterPairRequest implements RpcRequest<'requests.reject'> {
  @PositiveId({ fromText: true }) userId: number;
  @PositiveId({ fromText: true }) requesterId: number;
}

/** social-graph's `requests.accept`: the route's ids and the optional body. */
export class AcceptRequestRequest extends AcceptRequestDto implements RpcRequest<'requests.accept'> {
  @PositiveId({ fromText: true }) userId: number;
  @PositiveId({ fromText: true }) requesterId: number;
}

/** social-graph's `mutes.*`: the person muted, from the route's {id}. */
export class MuteDto implements RpcRequest<'mutes.mute'> {
  @PositiveId({ fromText: true }) mutedId: number;
}

/** social-graph's `follows.removeFollower`: the follower to remove, from the route. */
export class RemoveFollowerDto implements RpcRequest<'follows.removeFollower'> {
  @PositiveId({ fromText: true }) followerId: number;
}
