import { Injectable } from '@nestjs/common';
import { REVIEW_LIMITS, type ActivityResponse, type Caller } from '@dinebuds/contracts';
import { restaurantSummary } from '../restaurants/restaurant.mapper.js';
import { listWindow, Transactions } from '@dinebuds/service-kit';
import { PrivacyService } from '../privacy/privacy.service.js';
import type { PrefixedRestaurant } from '../restaurants/restaurants.repository.js';
import { ActivityRepository } from './activity.repository.js';

/** A user's Activity tab: their real reviews, saves, check-ins and statuses, under the privacy rule. */
@Injectable()
export class ActivityService {
  constructor(
    private readonly transactions: Transactions,
    private readonly activity: ActivityRepository,
    private readonly privacy: PrivacyService,
  ) {}

  async ofUser(
    viewer: Caller | null,
    userId: number,
    paging: { limit?: number; offset?: number },
  ): Promise<ActivityResponse> {
    await this.privacy.assertCanSee(viewer?.userId ?? null, userId, viewer?.isAdmin);
    const { limit, offset } = listWindow(paging, REVIEW_LIMITS);
    const manager = this.transactions.outside;
    const [rows, counts] = await Promise.all([
      this.activity.ofUser(manager, userId, limit, offset),
      this.activity.counts(manager, userId),
    ]);
    return {
      items: rows.map((row) => ({
        id: `${row.type}-${row.id}`,
        type: row.type,
        restaurantId: row.restaurant_id,
        restaurant: row.restaurant_id === null ? null : restaurantSummary(row as PrefixedRestaurant),
        createdAt: row.created_at.toISOString(),
        message: row.message,
        rating: row.rating,
      })),
      counts: {
        all: counts.reviews + counts.saves + counts.checkins + counts.statuses,
        reviews: counts.reviews,
        checkins: counts.checkins,
        saves: counts.saves,
        // A check-in's status line (that check-in also counts among check-ins) or a status
        // posted without a check-in.
        statuses: counts.checkin_statuses + counts.statuses,
      },
    };
  }
}
