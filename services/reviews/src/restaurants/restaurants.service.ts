import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { decodeImage } from '@dinebuds/api-dto';
import {
  cityKey,
  PRICE_RANGE_LABELS,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type Caller,
  type PriceRange,
  type RestaurantDetailDto,
  type RestaurantListItemDto,
  type RestaurantPhotoResponse,
} from '@dinebuds/contracts';
import { forbidden, notFound } from '@dinebuds/errors';
import { oneDecimal, photoUrlOf, restaurantListItem } from './restaurant.mapper.js';
import { REVIEWS_SETTINGS, type ReviewsSettings } from '../config.js';
import { listWindow, Transactions } from '@dinebuds/service-kit';
import { PHOTO_UPLOAD, photoEtag } from './photo.policy.js';
import { moodTags } from './mood.policy.js';
import { placeholderSvg } from './placeholder-image.js';
import { RestaurantsRepository } from './restaurants.repository.js';

export interface PhotoAnswer {
  contentType: string;
  base64: string;
  etag: string;
}

@Injectable()
export class RestaurantsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly restaurants: RestaurantsRepository,
    @Inject(REVIEWS_SETTINGS) private readonly settings: ReviewsSettings,
  ) {}

  async list(
    viewer: Caller | null,
    request: { city?: string; limit?: number; offset?: number },
  ): Promise<RestaurantListItemDto[]> {
    const { limit, offset } = listWindow(request, REVIEW_LIMITS);
    const city = request.city && request.city.trim() !== '' ? cityKey(request.city) : null;
    const rows = await this.restaurants.listRated(this.transactions.outside, {
      city,
      viewerId: viewer?.userId ?? null,
      limit,
      offset,
    });
    return rows.map(restaurantListItem);
  }

  /** Public page: a private reviewer's review only for their approved followers (and themselves). */
  async detail(viewer: Caller | null, restaurantId: number): Promise<RestaurantDetailDto> {
    const manager = this.transactions.outside;
    const viewerId = viewer?.userId ?? null;
    const row = await this.restaurants.findRated(manager, restaurantId, viewerId);
    if (!row) throw notFound(REVIEW_MESSAGES.restaurantNotFound);
    const [reviews, signals] = await Promise.all([
      this.restaurants.visibleReviews(manager, restaurantId, viewerId, this.settings.restaurantPageReviews),
      this.restaurants.moodSignals(manager, restaurantId, this.settings.moodTagSampleSize),
    ]);
    const averageRating = oneDecimal(row.average_rating);
    const priceRange = row.price_range as PriceRange | null;
    return {
      ...restaurantListItem(row),
      cuisine: row.cuisine,
      priceRange,
      priceRangeLabel: priceRange ? `${priceRange} ${PRICE_RANGE_LABELS[priceRange]}` : null,
      category: row.category,
      phone: row.phone,
      website: row.website,
      averageRating,
      moodTags: moodTags(signals, averageRating),
      reviews: reviews.map((r) => ({
        id: r.id,
        rating: r.rating,
        review: r.notes,
        visitDate: r.visit_date,
        createdAt: r.created_at.toISOString(),
        user: { id: r.user_id, username: r.username, name: r.name, profilePicture: r.profile_picture },
      })),
    };
  }

  /**
   * The uploaded photo, else a generated placeholder: a restaurant never shows a broken image. An
   * id no restaurant has is a 404 (the client shows its own placeholder then, as the spec says).
   */
  async photo(restaurantId: number): Promise<PhotoAnswer> {
    const row = await this.restaurants.photo(this.transactions.outside, restaurantId);
    if (!row) throw notFound(REVIEW_MESSAGES.restaurantNotFound);
    if (row.photo && row.photoType)
      return {
        contentType: row.photoType,
        base64: row.photo.toString('base64'),
        etag: photoEtag(restaurantId, row.photoVersion),
      };
    const svg = Buffer.from(placeholderSvg(restaurantId, row.name), 'utf8');
    const etag = `"${createHash('sha1').update(svg).digest('base64url').slice(0, 20)}"`;
    return { contentType: 'image/svg+xml', base64: svg.toString('base64'), etag };
  }

  /**
   * A new photo for the restaurant, from someone who reviewed it or an admin (404 unknown
   * restaurant, 403 anyone else); the bytes must be a JPEG, PNG, GIF or WebP of at most 5 MB.
   */
  async setPhoto(caller: Caller, restaurantId: number, dataBase64: string): Promise<RestaurantPhotoResponse> {
    const manager = this.transactions.outside;
    if (!(await this.restaurants.find(manager, restaurantId)))
      throw notFound(REVIEW_MESSAGES.restaurantNotFound);
    if (!caller.isAdmin && !(await this.restaurants.hasReviewed(manager, restaurantId, caller.userId)))
      throw forbidden(REVIEW_MESSAGES.photoReviewersOnly);
    const { bytes, contentType } = await decodeImage(dataBase64, PHOTO_UPLOAD);
    const version = await this.restaurants.setPhoto(manager, restaurantId, { bytes, contentType });
    if (version === null) throw notFound(REVIEW_MESSAGES.restaurantNotFound);
    return { photoUrl: photoUrlOf(restaurantId, version) };
  }
}
