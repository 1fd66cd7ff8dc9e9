import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsIn, IsInt, IsString, MaxLength, Min } from 'class-validator';
import {
  BADGE_KINDS,
  BADGE_LIMITS,
  BADGE_MESSAGES,
  CITY_TIER_LEVELS,
  type BadgeKind,
  type CityTierLevel,
  type IdentityRpc,
} from '@dinebuds/contracts';
import { trim } from '../validation/transforms.js';
import { IsNotBlank } from '../validation/validators.js';

type RpcRequest<P extends keyof IdentityRpc> = IdentityRpc[P]['request'];

/** PATCH /api/admin/badges/{kind}/{id}: the badge's new name. */
export class RenameBadgeBody {
  @ApiProperty({ example: 'Sushi Master', maxLength: BADGE_LIMITS.nameMax })
  @IsDefined({ message: BADGE_MESSAGES.nameEmpty })
  @IsString({ message: BADGE_MESSAGES.nameEmpty })
  @Transform(trim)
  @IsNotBlank({ message: BADGE_MESSAGES.nameEmpty })
  @MaxLength(BADGE_LIMITS.nameMax, { message: BADGE_MESSAGES.nameTooLong })
  name: string;
}

/** `badges.rename`: the route's kind and badge id with the name. */
export class RenameBadgeRpcRequest extends RenameBadgeBody implements RpcRequest<'badges.rename'> {
  @IsIn(BADGE_KINDS, { message: BADGE_MESSAGES.kindInvalid }) kind: BadgeKind;
  @IsString({ message: BADGE_MESSAGES.badgeNotFound })
  @MaxLength(BADGE_LIMITS.nameMax, { message: BADGE_MESSAGES.badgeNotFound })
  badgeId: string;
}

/** PATCH /api/admin/badges/tiers/{level}: the tier's minimum reviews. */
export class SetTierThresholdBody {
  @ApiProperty({
    example: 12,
    minimum: 1,
    description: 'Whole number of reviews in a city; strictly between the tiers below and above',
  })
  @IsDefined({ message: BADGE_MESSAGES.thresholdTooLow })
  @IsInt({ message: BADGE_MESSAGES.thresholdNotWhole })
  @Min(1, { message: BADGE_MESSAGES.thresholdTooLow })
  minReviews: number;
}

/** `badges.setTierThreshold`: the route's level with the threshold. */
export class SetTierThresholdRpcRequest
  extends SetTierThresholdBody
  implements RpcRequest<'badges.setTierThreshold'>
{
  @IsIn(CITY_TIER_LEVELS, { message: BADGE_MESSAGES.tierNotFound }) level: CityTierLevel;
}
