import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  ADMIN_USERS_LIMITS,
  ADMIN_USERS_MESSAGES as M,
  REVIEW_COUNT_BUCKETS,
  USER_STATUS_FILTERS,
  type AdminUserListQuery,
  type ReviewCountBucket,
  type UserStatusChangeRequest,
  type UserStatusFilter,
} from '@dinebuds/contracts';
import { PagingQuery } from '../common/paging.dto.js';
import { trim } from '../validation/transforms.js';
import { PositiveId } from '../validation/validators.js';

const REVIEW_FILTERS = ['all', ...REVIEW_COUNT_BUCKETS] as const;

/** GET /api/admin/users, and identity's `adminUsers.list`. */
export class AdminUserListQueryDto extends PagingQuery implements AdminUserListQuery {
  @ApiPropertyOptional({ maxLength: ADMIN_USERS_LIMITS.searchMax, description: 'Name or username contains' })
  @IsOptional()
  @IsString()
  @Transform(trim)
  @MaxLength(ADMIN_USERS_LIMITS.searchMax)
  q?: string;

  @ApiPropertyOptional({ enum: REVIEW_FILTERS, default: 'all', description: 'Review-count bucket' })
  @IsOptional()
  @IsIn(REVIEW_FILTERS, { message: M.reviewsFilter })
  reviews?: ReviewCountBucket | 'all';

  @ApiPropertyOptional({ enum: USER_STATUS_FILTERS, default: 'all' })
  @IsOptional()
  @IsIn(USER_STATUS_FILTERS, { message: M.statusFilter })
  status?: UserStatusFilter;
}

/** POST /api/admin/users/{id}/deactivate and /reactivate: the optional "why". */
export class UserStatusChangeDto implements UserStatusChangeRequest {
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: ADMIN_USERS_LIMITS.reasonMax })
  @IsOptional()
  @IsString({ message: M.reasonTooLong })
  @Transform(trim)
  @MaxLength(ADMIN_USERS_LIMITS.reasonMax, { message: M.reasonTooLong })
  reason?: string | null;
}

/** identity's `adminUsers.deactivate` / `adminUsers.reactivate`: the person and the "why". */
export class UserStatusChangeRpcRequest extends UserStatusChangeDto {
  @PositiveId({ fromText: true }) id: number;
}
