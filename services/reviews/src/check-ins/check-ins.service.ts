import { Injectable } from '@nestjs/common';
import {
  DISCOVERY_MESSAGES,
  REVIEW_MESSAGES,
  type Caller,
  type CheckInDto,
  type CheckInRequest,
  type CurrentCheckInDto,
  type UnreviewedVisitDto,
  DISCOVERY_LIMITS,
} from '@dinebuds/contracts';
import { conflict, notFound } from '@dinebuds/errors';
import { ServiceEvents, Transactions } from '@dinebuds/service-kit';
import type { EntityManager } from 'typeorm';
import { restaurantSummary } from '../restaurants/restaurant.mapper.js';
import { RestaurantsRepository } from '../restaurants/restaurants.repository.js';
import type { ReviewsEventType } from '../reviews.service-definition.js';
import { cleanStatus, closesAt, endsAt, isOpen } from './check-in.policy.js';
import { CheckInsRepository, type CheckInRow } from './check-ins.repository.js';

function checkInDto(row: CheckInRow): CheckInDto {
  return {
    id: row.id,
    userId: row.user_id,
    restaurantId: row.restaurant_id,
    restaurant: restaurantSummary(row),
    status: row.status,
    checkedInAt: row.checked_in_at.toISOString(),
    checkedOutAt: row.checked_out_at === null ? null : row.checked_out_at.toISOString(),
    isActive: row.is_active,
    closesAt: closesAt(row.checked_in_at).toISOString(),
  };
}

const state = (row: CheckInRow) => ({ isActive: row.is_active, checkedInAt: row.checked_in_at });

/**
 * Check-in and check-out of the signed-in caller: one open check-in per person (a new one ends
 * the previous), closed by itself checkInOpenHours after it began. Each change records
 * reviews.checkin.started (version 1) or .ended (version 2) in its transaction.
 */
@Injectable()
export class CheckInsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly checkIns: CheckInsRepository,
    private readonly restaurants: RestaurantsRepository,
    private readonly events: ServiceEvents<ReviewsEventType>,
  ) {}

  /** 404 for a restaurant no one stored; 409 when another check-in of yours won the same moment. */
  async checkIn(caller: Caller, request: CheckInRequest): Promise<CheckInDto> {
    return this.transactions.run(async (manager) => {
      if (!(await this.restaurants.find(manager, request.restaurantId)))
        throw notFound(REVIEW_MESSAGES.restaurantNotFound);
      const previous = await this.checkIns.lockActive(manager, caller.userId);
      if (previous) await this.end(manager, previous, endsAt(state(previous), new Date()));
      const added = await this.checkIns.insert(
        manager,
        caller.userId,
        request.restaurantId,
        cleanStatus(request.status),
      );
      if (!added) throw conflict(DISCOVERY_MESSAGES.checkInConflict);
      await this.events.record(manager, 'reviews.checkin.started', eventOf(added), 1);
      return checkInDto(added);
    });
  }

  /** Ends your open check-in now; 404 when none is open (checked out, or past its closing time). */
  async checkOut(caller: Caller): Promise<CheckInDto> {
    return this.transactions.run(async (manager) => {
      const active = await this.checkIns.lockActive(manager, caller.userId);
      if (!active || !isOpen(state(active), new Date())) throw notFound(DISCOVERY_MESSAGES.notCheckedIn);
      return checkInDto(await this.end(manager, active, new Date()));
    });
  }

  /** Your open check-in, or null. */
  async current(caller: Caller): Promise<CurrentCheckInDto> {
    const active = await this.checkIns.findActive(this.transactions.outside, caller.userId);
    return { checkIn: active && isOpen(state(active), new Date()) ? checkInDto(active) : null };
  }

  /** "How was it?": your ended check-ins at places you have not reviewed since, newest first. */
  async unreviewed(caller: Caller): Promise<UnreviewedVisitDto[]> {
    const rows = await this.checkIns.unreviewed(
      this.transactions.outside,
      caller.userId,
      DISCOVERY_LIMITS.checkInOpenHours,
      DISCOVERY_LIMITS.unreviewedMax,
    );
    return rows.map((row) => ({
      checkInId: row.id,
      restaurantId: row.restaurant_id,
      restaurant: restaurantSummary(row),
      checkedInAt: row.checked_in_at.toISOString(),
      checkedOutAt: row.checked_out_at === null ? null : row.checked_out_at.toISOString(),
    }));
  }

  /**
   * Closes up to `limit` check-ins past their closing time, each at that time, and records their
   * reviews.checkin.ended (version 2, as a check-out) in the same transaction: the outbox
   * publishes each once. Answers how many closed.
   */
  async closeExpired(limit: number): Promise<number> {
    return this.transactions.run(async (manager) => {
      const closed = await this.checkIns.closeExpired(manager, DISCOVERY_LIMITS.checkInOpenHours, limit);
      for (const row of closed) await this.events.record(manager, 'reviews.checkin.ended', eventOf(row), 2);
      return closed.length;
    });
  }

  private async end(manager: EntityManager, row: CheckInRow, at: Date): Promise<CheckInRow> {
    const closed = await this.checkIns.close(manager, row.id, at);
    await this.events.record(manager, 'reviews.checkin.ended', eventOf(closed), 2);
    return closed;
  }
}

function eventOf(row: CheckInRow) {
  return {
    checkInId: row.id,
    userId: row.user_id,
    restaurantId: row.restaurant_id,
    status: row.status,
    checkedInAt: row.checked_in_at.toISOString(),
    checkedOutAt: row.checked_out_at === null ? null : row.checked_out_at.toISOString(),
  };
}
