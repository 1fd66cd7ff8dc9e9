import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsDefined,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import type { BlockRequest } from '@dinebuds/contracts';
import { IsOptionalNotNull } from '../common/validators.js';
import { PagingQuery } from '../users/users.dto.js';

/** Ids are positive 32-bit integers, as PositiveIntPipe checks them in paths. */
const MAX_ID = 2_147_483_647;
export const BLOCKED_ID_MESSAGE = 'blockedId must be a positive integer';

/** The most recommendations one request answers; a larger `limit` is cut to it. */
export const RECOMMENDATIONS_MAX = 50;
const RECOMMENDATIONS_LIMIT_MESSAGE = `limit must be an integer between 1 and ${RECOMMENDATIONS_MAX}`;

/** Query text '20' becomes 20, capped at `max`; anything else stays as sent and fails IsInt. */
const toCappedInt =
  (max: number) =>
  ({ value }: { value: unknown }) => {
    if (value === '') return undefined;
    return typeof value === 'string' && /^-?\d{1,10}$/.test(value) ? Math.min(Number(value), max) : value;
  };

/** POST /api/users/block and /api/users/unblock: the other user. */
export class BlockDto implements BlockRequest {
  @ApiProperty({ example: 42, minimum: 1, description: 'The user to block or unblock' })
  @IsDefined({ message: 'blockedId is required' })
  @IsInt({ message: BLOCKED_ID_MESSAGE })
  @Min(1, { message: BLOCKED_ID_MESSAGE })
  @Max(MAX_ID, { message: BLOCKED_ID_MESSAGE })
  blockedId: number;
}

/** POST /api/users/{id}/accept-request/{requesterId}: the body is optional. */
export class AcceptRequestDto {
  @ApiPropertyOptional({ default: false, description: 'Also follow the requester back (Accept & Follow)' })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'followBack must be true or false' })
  followBack?: boolean;
}

export class RecommendationsQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: RECOMMENDATIONS_MAX, default: 20 })
  @IsOptional()
  @Transform(toCappedInt(RECOMMENDATIONS_MAX))
  @IsInt({ message: RECOMMENDATIONS_LIMIT_MESSAGE })
  @Min(1, { message: RECOMMENDATIONS_LIMIT_MESSAGE })
  limit?: number;
}

export const CURSOR_MESSAGE = 'cursor is not valid';
export const CURSOR_WITH_OFFSET_MESSAGE = 'Use either cursor or offset, not both';

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
