import { Injectable } from '@nestjs/common';
import {
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type Caller,
  type IsSavedResponse,
  type MessageResponse,
  type SavedRestaurantDto,
  type SaveRestaurantRequest,
  type SaveRestaurantResponse,
  type ToggleSaveResponse,
} from '@dinebuds/contracts';
import { badRequest, notFound } from '@dinebuds/errors';
import type { EntityManager } from 'typeorm';
import { restaurantSummary } from '../restaurants/restaurant.mapper.js';
import { listWindow, ServiceEvents, Transactions } from '@dinebuds/service-kit';
import type { ReviewsEventType } from '../reviews.service-definition.js';
import { PrivacyService } from '../privacy/privacy.service.js';
import { placeKey } from '../restaurants/place-key.policy.js';
import { isExternalPlaceId, resolvePlace } from '../restaurants/place.policy.js';
import { RestaurantsRepository } from '../restaurants/restaurants.repository.js';
import { cleanNotes } from '../reviews/review.policy.js';
import { SavedRepository } from './saved.repository.js';

/** Saved restaurants: one per user and restaurant; every change with its versioned event. */
@Injectable()
export class SavedService {
  constructor(
    private readonly transactions: Transactions,
    private readonly saved: SavedRepository,
    private readonly restaurants: RestaurantsRepository,
    private readonly privacy: PrivacyService,
    private readonly events: ServiceEvents<ReviewsEventType>,
  ) {}

  async list(
    viewer: Caller,
    userId: number,
    paging: { limit?: number; offset?: number },
  ): Promise<SavedRestaurantDto[]> {
    await this.privacy.assertCanSee(viewer.userId, userId, viewer.isAdmin);
    const { limit, offset } = listWindow(paging, REVIEW_LIMITS);
    const rows = await this.saved.byUser(this.transactions.outside, userId, limit, offset);
    return rows.map((row) => ({
      id: row.id,
      userId: row.user_id,
      restaurantId: row.restaurant_id,
      restaurant: restaurantSummary(row),
      notes: row.notes,
      createdAt: row.created_at.toISOString(),
    }));
  }

  /**
   * Saves a stored restaurant; an unknown id of 100-999 (the original client's external places)
   * must bring its details and is found or created like a reviewed place. Saving twice is a no-op.
   */
  async save(caller: Caller, request: SaveRestaurantRequest): Promise<SaveRestaurantResponse> {
    return this.transactions.run(async (manager) => {
      let restaurantId = request.restaurantId;
      if (!(await this.restaurants.find(manager, restaurantId))) {
        if (!isExternalPlaceId(restaurantId)) throw notFound(REVIEW_MESSAGES.restaurantNotFound);
        const details = request.restaurantDetails;
        if (!details) throw badRequest(REVIEW_MESSAGES.restaurantDetailsRequired);
        const place = resolvePlace(details);
        const restaurant = await this.restaurants.findOrCreate(manager, {
          name: details.name.trim(),
          address: details.address.trim(),
          nameKey: placeKey(details.name),
          addressKey: placeKey(details.address),
          city: place.city,
          latitude: place.latitude,
          longitude: place.longitude,
          approximate: place.approximate,
        });
        restaurantId = restaurant.id;
      }
      await this.add(manager, caller.userId, restaurantId, cleanNotes(request.notes));
      return { restaurantId, isSaved: true };
    });
  }

  /** Idempotent for a known restaurant; an id no restaurant has is a 404. */
  async remove(caller: Caller, restaurantId: number): Promise<MessageResponse> {
    await this.transactions.run(async (manager) => {
      if (!(await this.restaurants.find(manager, restaurantId)))
        throw notFound(REVIEW_MESSAGES.restaurantNotFound);
      await this.drop(manager, caller.userId, restaurantId);
    });
    return { message: 'Removed' };
  }

  async toggle(caller: Caller, restaurantId: number): Promise<ToggleSaveResponse> {
    return this.transactions.run(async (manager) => {
      if (!(await this.restaurants.find(manager, restaurantId)))
        throw notFound(REVIEW_MESSAGES.restaurantNotFound);
      const removed = await this.drop(manager, caller.userId, restaurantId);
      if (!removed) await this.add(manager, caller.userId, restaurantId, null);
      return { restaurantId, isSaved: !removed, saved: !removed };
    });
  }

  /** An id no restaurant has is a 404, as on every restaurant route. */
  async isSaved(caller: Caller, restaurantId: number): Promise<IsSavedResponse> {
    const manager = this.transactions.outside;
    if (!(await this.restaurants.find(manager, restaurantId)))
      throw notFound(REVIEW_MESSAGES.restaurantNotFound);
    return { isSaved: await this.saved.isSaved(manager, caller.userId, restaurantId) };
  }

  /** Saves in the caller's transaction, with its versioned event; false when it was saved already. */
  async add(
    manager: EntityManager,
    userId: number,
    restaurantId: number,
    notes: string | null,
  ): Promise<boolean> {
    if (!(await this.saved.insert(manager, userId, restaurantId, notes))) return false;
    const version = await this.saved.nextVersion(manager, userId);
    await this.events.record(
      manager,
      'reviews.restaurant.saved',
      { userId, restaurantId, occurredAt: new Date().toISOString() },
      version,
    );
    return true;
  }

  private async drop(manager: EntityManager, userId: number, restaurantId: number): Promise<boolean> {
    if (!(await this.saved.remove(manager, userId, restaurantId))) return false;
    const version = await this.saved.nextVersion(manager, userId);
    await this.events.record(
      manager,
      'reviews.restaurant.unsaved',
      { userId, restaurantId, occurredAt: new Date().toISOString() },
      version,
    );
    return true;
  }
}
