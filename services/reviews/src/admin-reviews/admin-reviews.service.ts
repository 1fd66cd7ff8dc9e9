import { Injectable } from '@nestjs/common';
import {
  REVIEW_LIMITS,
  type AdminReviewDto,
  type AdminReviewListDto,
  type AdminReviewListRequest,
  type Caller,
} from '@dinebuds/contracts';
import { listWindow, Transactions } from '@dinebuds/service-kit';
import { toReviewDto } from '../reviews/review.mapper.js';
import { searchKey } from './admin-review.policy.js';
import { AdminReviewsRepository, type AdminReviewRow } from './admin-reviews.repository.js';
import { assertAdmin } from '@dinebuds/errors';

function toAdminReviewDto(row: AdminReviewRow): AdminReviewDto {
  const user =
    row.u_username === null || row.u_name === null
      ? null
      : {
          id: row.user_id,
          username: row.u_username,
          name: row.u_name,
          profilePicture: row.u_profile_picture,
        };
  return { ...toReviewDto(row), user };
}

/** The admin Reviews tab: every review, searched and filtered, newest first, with its counts. */
@Injectable()
export class AdminReviewsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly adminReviews: AdminReviewsRepository,
  ) {}

  async list(caller: Caller, request: AdminReviewListRequest): Promise<AdminReviewListDto> {
    assertAdmin(caller);
    const filter = { search: searchKey(request.search), rating: request.rating ?? null };
    const { limit, offset } = listWindow(request, REVIEW_LIMITS);
    const manager = this.transactions.outside;
    const [rows, counts] = await Promise.all([
      this.adminReviews.page(manager, filter, limit, offset),
      this.adminReviews.counts(manager, filter),
    ]);
    return { reviews: rows.map(toAdminReviewDto), ...counts };
  }
}
