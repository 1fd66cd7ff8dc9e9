import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type Caller,
  type CreateReviewRequest,
  type DeleteReviewRequest,
  type MessageResponse,
  type ReviewDto,
  type UpdateReviewRequest,
  optionalNote,
} from '@dinebuds/contracts';
import { badRequest, notFound } from '@dinebuds/errors';
import type { EntityManager } from 'typeorm';
import { listWindow, ServiceEvents, Transactions } from '@dinebuds/service-kit';
import type { ReviewsEventType } from '../reviews.service-definition.js';
import { PrivacyService } from '../privacy/privacy.service.js';
import { placeKey } from '../restaurants/place-key.policy.js';
import { resolvePlace } from '../restaurants/place.policy.js';
import { RestaurantsRepository, type RestaurantRow } from '../restaurants/restaurants.repository.js';
import { deletionByAdmin } from '../admin-reviews/admin-review.policy.js';
import { assertAuthor, assertClaimedAuthor, cleanNotes, edited } from './review.policy.js';
import { REVIEW_CHANGED_COLUMNS, reviewChangedData } from './review-events.js';
import { toReviewDto } from './review.mapper.js';
import { ReviewsRepository, type ReviewRow } from './reviews.repository.js';

/** Reviews: write (finding or creating the restaurant), edit, delete, list; each with its event. */
@Injectable()
export class ReviewsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly reviews: ReviewsRepository,
    private readonly restaurants: RestaurantsRepository,
    private readonly privacy: PrivacyService,
    private readonly events: ServiceEvents<ReviewsEventType>,
  ) {}

  async byUser(
    viewer: Caller | null,
    userId: number,
    paging: { limit?: number; offset?: number },
  ): Promise<ReviewDto[]> {
    await this.privacy.assertCanSee(viewer?.userId ?? null, userId, viewer?.isAdmin);
    const { limit, offset } = listWindow(paging, REVIEW_LIMITS);
    const rows = await this.reviews.byUser(this.transactions.outside, userId, limit, offset);
    return rows.map(toReviewDto);
  }

  async create(caller: Caller, request: CreateReviewRequest): Promise<ReviewDto> {
    assertClaimedAuthor(caller.userId, request.userId);
    const name = request.restaurantName.trim();
    const address = request.address.trim();
    if (name === '') throw badRequest(REVIEW_MESSAGES.restaurantNameRequired);
    if (address === '') throw badRequest(REVIEW_MESSAGES.addressRequired);
    const place = resolvePlace({ address, latitude: request.latitude, longitude: request.longitude });
    const review = {
      userId: caller.userId,
      rating: request.rating,
      notes: cleanNotes(request.notes),
      visitDate: request.visitDate ?? null,
    };
    // Most reviews are of a known place: found, inserted and its event written in one statement.
    const known = await this.reviews.insertAtKnownPlace(
      this.transactions.outside,
      { nameKey: placeKey(name), addressKey: placeKey(address), exact: !place.approximate },
      review,
      this.events.statementEvent('reviews.review.created', REVIEW_CHANGED_COLUMNS),
    );
    if (known) {
      this.events.publishSoon();
      return toReviewDto(known);
    }
    return this.transactions.run(async (manager) => {
      const restaurant = await this.placeFor(manager, name, address, place);
      const row = await this.reviews.insert(manager, { ...review, restaurantId: restaurant.id });
      await this.events.record(manager, 'reviews.review.created', reviewChangedData(row), row.version);
      return toReviewDto(row);
    });
  }

  async update(caller: Caller, request: UpdateReviewRequest): Promise<ReviewDto> {
    const movesPlace = request.restaurantName !== undefined || request.address !== undefined;
    if (movesPlace && (request.restaurantName === undefined || request.address === undefined))
      throw badRequest('Send both restaurantName and address to move a review');
    const place = movesPlace
      ? resolvePlace({
          address: request.address as string,
          latitude: request.latitude,
          longitude: request.longitude,
        })
      : null;
    return this.transactions.run(async (manager) => {
      const locked = await this.reviews.lock(manager, request.reviewId);
      if (!locked) throw notFound(REVIEW_MESSAGES.reviewNotFound);
      assertAuthor(caller.userId, locked.user_id);
      const stored = (await this.reviews.find(manager, request.reviewId)) as ReviewRow;
      const restaurantId = place
        ? (
            await this.placeFor(
              manager,
              (request.restaurantName as string).trim(),
              (request.address as string).trim(),
              place,
            )
          ).id
        : stored.restaurant_id;
      await this.reviews.update(manager, stored.id, {
        userId: stored.user_id,
        restaurantId,
        rating: edited(request.rating, stored.rating),
        notes: request.notes === undefined ? stored.notes : cleanNotes(request.notes),
        visitDate: edited(request.visitDate, stored.visit_date),
      });
      const row = (await this.reviews.find(manager, stored.id)) as ReviewRow;
      await this.events.record(manager, 'reviews.review.updated', reviewChangedData(row), row.version);
      return toReviewDto(row);
    });
  }

  /**
   * The author deletes their review; an admin deletes anyone's (moderation), which is also
   * recorded as 'admin.action.recorded' for the audit log, in the same transaction.
   */
  async delete(caller: Caller, request: DeleteReviewRequest): Promise<MessageResponse> {
    const { reviewId } = request;
    return this.transactions.run(async (manager) => {
      const locked = await this.reviews.lock(manager, reviewId);
      if (!locked) throw notFound(REVIEW_MESSAGES.reviewNotFound);
      const byAdmin = deletionByAdmin(caller, locked.user_id);
      const row = (await this.reviews.find(manager, reviewId)) as ReviewRow;
      await this.reviews.delete(manager, reviewId);
      // The deletion is the review's last change: one past its stored version.
      await this.events.record(
        manager,
        'reviews.review.deleted',
        { reviewId, userId: row.user_id, restaurantId: row.restaurant_id, city: row.city_key },
        row.version + 1,
      );
      if (byAdmin)
        await this.events.record(manager, 'admin.action.recorded', {
          actionId: randomUUID(),
          action: 'review.deleted',
          actorId: caller.userId,
          targetType: 'review',
          targetId: reviewId,
          subjectUserId: row.user_id,
          reason: optionalNote(request.reason),
        });
      return { message: 'Review deleted' };
    });
  }

  private placeFor(
    manager: EntityManager,
    name: string,
    address: string,
    place: ReturnType<typeof resolvePlace>,
  ): Promise<RestaurantRow> {
    return this.restaurants.findOrCreate(manager, {
      name,
      address,
      nameKey: placeKey(name),
      addressKey: placeKey(address),
      city: place.city,
      latitude: place.latitude,
      longitude: place.longitude,
      approximate: place.approximate,
    });
  }
}
