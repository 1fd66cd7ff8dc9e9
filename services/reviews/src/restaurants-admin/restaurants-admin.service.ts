import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  REVIEW_MESSAGES,
  type AuditAction,
  type Caller,
  type MergeRestaurantsResponse,
  type RestaurantDetailDto,
  type UpdateRestaurantDetailsRequest,
} from '@dinebuds/contracts';
import { notFound, assertAdmin } from '@dinebuds/errors';
import { ServiceEvents, Transactions } from '@dinebuds/service-kit';
import type { EntityManager } from 'typeorm';
import type { ReviewsEventType } from '../reviews.service-definition.js';
import { RestaurantsService } from '../restaurants/restaurants.service.js';
import { reviewChangedData, reviewDeletedData } from '../reviews/review-events.js';
import { ReviewsRepository, type ReviewRow } from '../reviews/reviews.repository.js';
import { SavedRepository } from '../saved/saved.repository.js';
import { assertMergeable, detailsPatch } from './restaurant-details.policy.js';
import { RestaurantsAdminRepository } from './restaurants-admin.repository.js';

type AdminEventType = ReviewsEventType | 'admin.action.recorded';
type SaveEvent = 'reviews.restaurant.saved' | 'reviews.restaurant.unsaved';

/**
 * Admins' changes to restaurants: their details, and merging two entries of one place. Each
 * publishes what it changed as the ordinary events do (so identity's review and city counts,
 * moderation's review projection and every other consumer stay right) and 'admin.action.recorded'
 * for the audit log, in the change's transaction.
 */
@Injectable()
export class RestaurantsAdminService {
  constructor(
    private readonly transactions: Transactions,
    private readonly admin: RestaurantsAdminRepository,
    private readonly reviews: ReviewsRepository,
    private readonly saved: SavedRepository,
    private readonly restaurants: RestaurantsService,
    private readonly events: ServiceEvents<AdminEventType>,
  ) {}

  /** Cuisine, price range, category, phone and website; answers the restaurant page. */
  async updateDetails(caller: Caller, request: UpdateRestaurantDetailsRequest): Promise<RestaurantDetailDto> {
    assertAdmin(caller);
    const { restaurantId, ...fields } = request;
    const patch = detailsPatch(fields);
    await this.transactions.run(async (manager) => {
      if (!(await this.admin.updateDetails(manager, restaurantId, patch)))
        throw notFound(REVIEW_MESSAGES.restaurantNotFound);
      await this.recordAction(manager, caller, 'restaurant.updated', restaurantId, null);
    });
    return this.restaurants.detail(caller, restaurantId);
  }

  /**
   * Entry `removedId` joins `keptId` and is deleted (its id answers 404 after). A person with
   * reviews at both keeps only their newest; the rest of the removed entry's reviews, saves and
   * check-ins (with their likes and comments) move to the kept one.
   */
  async merge(caller: Caller, removedId: number, keptId: number): Promise<MergeRestaurantsResponse> {
    assertAdmin(caller);
    assertMergeable(removedId, keptId);
    return this.transactions.run(async (manager) => {
      const found = await this.admin.lock(manager, [removedId, keptId]);
      if (!found.has(removedId)) throw notFound(REVIEW_MESSAGES.restaurantNotFound);
      if (!found.has(keptId)) throw notFound(REVIEW_MESSAGES.mergeTargetNotFound);
      const removedName = await this.admin.name(manager, removedId);
      await this.admin.lockReviewsOf(manager, [removedId, keptId]);

      const older = await this.admin.olderReviewsOfBothReviewers(manager, removedId, keptId);
      for (const id of older) await this.deleteReview(manager, id);
      const moved = await this.admin.moveReviews(manager, removedId, keptId);
      for (const id of moved) {
        const row = (await this.reviews.find(manager, id)) as ReviewRow;
        await this.events.record(manager, 'reviews.review.updated', reviewChangedData(row), row.version);
      }

      for (const userId of await this.admin.dropDoubleSaves(manager, removedId, keptId))
        await this.recordSave(manager, 'reviews.restaurant.unsaved', userId, removedId);
      const movedSaves = await this.admin.moveSaves(manager, removedId, keptId);
      for (const userId of movedSaves) {
        await this.recordSave(manager, 'reviews.restaurant.unsaved', userId, removedId);
        await this.recordSave(manager, 'reviews.restaurant.saved', userId, keptId);
      }
      const movedCheckIns = await this.admin.moveCheckIns(manager, removedId, keptId);

      await this.admin.fillDetailsFrom(manager, removedId, keptId);
      await this.admin.delete(manager, removedId);
      await this.recordAction(
        manager,
        caller,
        'restaurants.merged',
        keptId,
        `Merged #${removedId} "${removedName}" into #${keptId}`,
      );
      return {
        keptId,
        removedId,
        movedReviews: moved.length,
        deletedReviews: older.length,
        movedSaves: movedSaves.length,
        movedCheckIns,
      };
    });
  }

  /** As a deletion by its author: the event one past the review's stored version. */
  private async deleteReview(manager: EntityManager, reviewId: number): Promise<void> {
    const row = (await this.reviews.find(manager, reviewId)) as ReviewRow;
    await this.reviews.delete(manager, reviewId);
    await this.events.record(manager, 'reviews.review.deleted', reviewDeletedData(row), row.version + 1);
  }

  private async recordSave(manager: EntityManager, type: SaveEvent, userId: number, restaurantId: number) {
    const version = await this.saved.nextVersion(manager, userId);
    await this.events.record(
      manager,
      type,
      { userId, restaurantId, occurredAt: new Date().toISOString() },
      version,
    );
  }

  private recordAction(
    manager: EntityManager,
    caller: Caller,
    action: AuditAction,
    restaurantId: number,
    reason: string | null,
  ): Promise<void> {
    return this.events.record(manager, 'admin.action.recorded', {
      actionId: randomUUID(),
      action,
      actorId: caller.userId,
      targetType: 'restaurant',
      targetId: restaurantId,
      subjectUserId: null,
      reason,
    });
  }
}
