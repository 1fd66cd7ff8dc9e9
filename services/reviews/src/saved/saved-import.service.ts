import { Inject, Injectable } from '@nestjs/common';
import {
  ACCOUNT_MESSAGES,
  type Caller,
  type ImportSavedResponse,
  type ImportSavedRow,
} from '@dinebuds/contracts';
import { badRequest, DomainError } from '@dinebuds/errors';
import { Transactions } from '@dinebuds/service-kit';
import type { EntityManager } from 'typeorm';
import { REVIEWS_SETTINGS, type ReviewsSettings } from '../config.js';
import { placeKey } from '../restaurants/place-key.policy.js';
import { resolvePlace, type ResolvedPlace } from '../restaurants/place.policy.js';
import { RestaurantsRepository, type RestaurantRow } from '../restaurants/restaurants.repository.js';
import { cleanNotes } from '../reviews/review.policy.js';
import { placesFromImportText, type ImportedPlace } from './saved-import.policy.js';
import { SavedService } from './saved.service.js';

/**
 * Saved places from a CSV (the export's saved.csv) or a plain "Name, Address" list: each row is
 * matched to the restaurant stored under the same name and address, else to the only one of that
 * name in the address's city (a list often gives just "Katz Deli, New York"), else creates it the
 * way saving a new place does (its city from the address or coordinates); a row that cannot be
 * placed is skipped with its reason. All rows commit together.
 */
@Injectable()
export class SavedImportService {
  constructor(
    private readonly transactions: Transactions,
    private readonly restaurants: RestaurantsRepository,
    private readonly saved: SavedService,
    @Inject(REVIEWS_SETTINGS) private readonly settings: ReviewsSettings,
  ) {}

  async import(caller: Caller, text: string): Promise<ImportSavedResponse> {
    const places = placesFromImportText(text);
    if (places.length === 0) throw badRequest(ACCOUNT_MESSAGES.importEmpty);
    const max = this.settings.savedImportMaxRows;
    if (places.length > max)
      throw new DomainError('PAYLOAD_TOO_LARGE', ACCOUNT_MESSAGES.importTooManyRows(max));
    const rows = await this.transactions.run(async (manager) => {
      const out: ImportSavedRow[] = [];
      for (const place of places) out.push(await this.importOne(manager, caller.userId, place));
      return out;
    });
    const count = (status: ImportSavedRow['status']) => rows.filter((r) => r.status === status).length;
    return {
      imported: count('imported'),
      alreadySaved: count('already-saved'),
      skipped: count('skipped'),
      rows,
    };
  }

  private async importOne(
    manager: EntityManager,
    userId: number,
    place: ImportedPlace,
  ): Promise<ImportSavedRow> {
    const row = { line: place.line, name: place.name, address: place.address };
    const found = place.problem ?? (await this.placeOf(manager, place));
    if (typeof found === 'string') return { ...row, status: 'skipped', restaurantId: null, reason: found };
    const added = await this.saved.add(manager, userId, found.id, cleanNotes(place.notes ?? undefined));
    return { ...row, status: added ? 'imported' : 'already-saved', restaurantId: found.id, reason: null };
  }

  /** The row's restaurant (found, or created as saving a new place does), or why it cannot be placed. */
  private async placeOf(manager: EntityManager, place: ImportedPlace): Promise<RestaurantRow | string> {
    const nameKey = placeKey(place.name);
    const addressKey = placeKey(place.address);
    const stored = await this.restaurants.findByPlaceKeys(manager, nameKey, addressKey);
    if (stored) return stored;
    let resolved: ResolvedPlace;
    try {
      resolved = resolvePlace(place);
    } catch (error) {
      if (error instanceof DomainError) return error.message;
      throw error;
    }
    return (
      (await this.restaurants.findOnlyByNameInCity(manager, nameKey, resolved.city)) ??
      (await this.restaurants.findOrCreate(manager, {
        name: place.name,
        address: place.address,
        nameKey,
        addressKey,
        city: resolved.city,
        latitude: resolved.latitude,
        longitude: resolved.longitude,
        approximate: resolved.approximate,
      }))
    );
  }
}
