import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { REVIEW_LIMITS, REVIEW_MESSAGES, type ReviewsRpc } from '@dinebuds/contracts';
import { PagingQuery } from '../common/paging.dto.js';
import { toInt, trim } from '../validation/transforms.js';
import { IsOptionalNotNull, PositiveId } from '../validation/validators.js';

type RpcRequest<P extends keyof ReviewsRpc> = ReviewsRpc[P]['request'];

/** The longest admin search text and delete reason. */
export const ADMIN_REVIEW_LIMITS = { searchMax: 100, reasonMax: 500 } as const;

/** GET /api/admin/reviews and `reviews.adminList`: search, rating filter and a page. */
export class AdminReviewListQuery extends PagingQuery implements RpcRequest<'reviews.adminList'> {
  @ApiPropertyOptional({
    example: 'pizza',
    maxLength: ADMIN_REVIEW_LIMITS.searchMax,
    description: "Matches the restaurant's name, the reviewer's username or name, or the comment",
  })
  @IsOptional()
  @IsString({ message: REVIEW_MESSAGES.adminSearchTooLong })
  @Transform(trim)
  @MaxLength(ADMIN_REVIEW_LIMITS.searchMax, { message: REVIEW_MESSAGES.adminSearchTooLong })
  search?: string;

  @ApiPropertyOptional({
    minimum: REVIEW_LIMITS.ratingMin,
    maximum: REVIEW_LIMITS.ratingMax,
    description: 'Only reviews with this rating (absent: all)',
  })
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: REVIEW_MESSAGES.adminRatingFilter })
  @Min(REVIEW_LIMITS.ratingMin, { message: REVIEW_MESSAGES.adminRatingFilter })
  @Max(REVIEW_LIMITS.ratingMax, { message: REVIEW_MESSAGES.adminRatingFilter })
  rating?: number;
}

/** DELETE /api/reviews/{id}'s optional body: an admin's reason, kept in the audit log. */
export class DeleteReviewBody {
  @ApiPropertyOptional({
    example: 'Spam',
    maxLength: ADMIN_REVIEW_LIMITS.reasonMax,
    description: "An admin's why (audit log); trimmed, blank reads as none; ignored for your own review",
  })
  @IsOptionalNotNull()
  @IsString({ message: REVIEW_MESSAGES.deleteReasonTooLong })
  @Transform(trim)
  @MaxLength(ADMIN_REVIEW_LIMITS.reasonMax, { message: REVIEW_MESSAGES.deleteReasonTooLong })
  reason?: string;
}

/** `reviews.delete`: the route's review id and the optional reason. */
export class DeleteReviewRpcRequest extends DeleteReviewBody implements RpcRequest<'reviews.delete'> {
  @PositiveId({ fromText: true }) reviewId: number;
}
