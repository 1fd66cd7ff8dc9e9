import { ApiProperty } from '@nestjs/swagger';
import type {
  AcceptRequestResponse,
  BlockedUserDto,
  FollowRequestDto,
  FollowResponse,
  FollowStatus,
  FollowUserDto,
  FriendRecommendationDto,
  IsFollowingResponse,
  MutedUserDto,
  MuteStatusResponse,
  SafetyStatusResponse,
  RecommendationReason,
  UnfollowResponse,
} from '@dinebuds/contracts';

const FOLLOW_STATUSES: FollowStatus[] = ['not_following', 'following', 'requested'];
const RECOMMENDATION_REASONS: RecommendationReason[] = [
  'followed_by_buds',
  'shared_flavors',
  'shared_cities',
];

/** OpenAPI schema of IsFollowingResponse (libs/contracts). */
export class IsFollowingSchema implements IsFollowingResponse {
  @ApiProperty() isFollowing: boolean;
  @ApiProperty({ enum: FOLLOW_STATUSES, description: 'The follow button state' }) status: FollowStatus;
}

export class FollowResultSchema implements FollowResponse {
  @ApiProperty({ enum: ['following', 'requested'], description: "'requested' when the user is private" })
  status: 'following' | 'requested';
}

export class UnfollowResultSchema implements UnfollowResponse {
  @ApiProperty({ enum: ['not_following'] }) status: 'not_following';
}

/** OpenAPI schema of AcceptRequestResponse: followBack is the follow's result object, or null. */
export class AcceptRequestResultSchema implements AcceptRequestResponse {
  @ApiProperty({ enum: ['accepted'] }) status: 'accepted';
  @ApiProperty({
    type: FollowResultSchema,
    nullable: true,
    description: 'The follow-back result when followBack was asked, else null',
  })
  followBack: FollowResponse | null;
}

/** OpenAPI schema of FollowUserDto: an entry of a followers or following list. */
export class FollowUserSchema implements FollowUserDto {
  @ApiProperty({ example: 7 }) id: number;
  @ApiProperty({ example: 'alice' }) username: string;
  @ApiProperty({ example: 'Alice Liddell' }) name: string;
  @ApiProperty({ type: String, nullable: true, example: '/api/users/7/profile-picture?v=3' }) profilePicture:
    string | null;
  @ApiProperty() isPrivate: boolean;
}

export class FollowRequesterSchema extends FollowUserSchema {
  @ApiProperty({ type: String, nullable: true, description: 'Same as profilePicture' }) profileImage:
    string | null;
}

export class FollowRequestSchema implements FollowRequestDto {
  @ApiProperty() id: number;
  @ApiProperty() requesterId: number;
  @ApiProperty() recipientId: number;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: FollowRequesterSchema }) requester: FollowRequesterSchema;
}

export class BlockedUserSchema implements BlockedUserDto {
  @ApiProperty() id: number;
  @ApiProperty() blockerId: number;
  @ApiProperty() blockedId: number;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: FollowUserSchema }) user: FollowUserSchema;
}

export class MutedUserSchema implements MutedUserDto {
  @ApiProperty() mutedId: number;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: FollowUserSchema }) user: FollowUserSchema;
}

export class MuteStatusSchema implements MuteStatusResponse {
  @ApiProperty({ description: 'Whether you muted this person' }) muted: boolean;
}

export class SafetyStatusSchema extends MuteStatusSchema implements SafetyStatusResponse {
  @ApiProperty({ description: 'Whether they follow you (Remove follower applies)' }) followsYou: boolean;
}

export class RecommendedUserSchema extends FollowUserSchema {
  @ApiProperty({ type: String, nullable: true }) bio: string | null;
}

export class FriendRecommendationSchema implements FriendRecommendationDto {
  @ApiProperty({ type: RecommendedUserSchema }) user: RecommendedUserSchema;
  @ApiProperty({ enum: RECOMMENDATION_REASONS }) reason: RecommendationReason;
  @ApiProperty({ example: 'Followed by 2 of your buds' }) reasonText: string;
  @ApiProperty({ description: 'How many people you follow follow them' }) mutualBuds: number;
  @ApiProperty({ type: [String], example: ['sushi', 'vegan'] }) sharedFlavors: string[];
  @ApiProperty({ type: [String], example: ['new york'] }) sharedCities: string[];
}
