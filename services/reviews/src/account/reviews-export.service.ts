import { Injectable } from '@nestjs/common';
import type { Caller, ReviewsExport } from '@dinebuds/contracts';
import { Transactions } from '@dinebuds/service-kit';
import { ReviewsExportRepository } from './reviews-export.repository.js';

/** Dates as ISO text and numeric columns as numbers, as JSON carries them. */
function plain<T>(row: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (value instanceof Date) out[key] = value.toISOString();
    else if ((key === 'latitude' || key === 'longitude') && value !== null) out[key] = Number(value);
    else out[key] = value;
  }
  return out as T;
}

/** reviews' part of a person's data export. */
@Injectable()
export class ReviewsExportService {
  constructor(
    private readonly transactions: Transactions,
    private readonly exports: ReviewsExportRepository,
  ) {}

  async export(caller: Caller): Promise<ReviewsExport> {
    const me = caller.userId;
    return this.transactions.run(async (m) => ({
      reviews: (await this.exports.reviews(m, me)).map((r) => plain(r)),
      savedRestaurants: (await this.exports.saved(m, me)).map((r) => plain(r)),
      checkIns: (await this.exports.checkIns(m, me)).map((r) => plain(r)),
      checkInComments: (await this.exports.comments(m, me)).map((r) => plain(r)),
      checkInLikes: (await this.exports.likes(m, me)).map((r) => plain(r)),
    }));
  }
}
