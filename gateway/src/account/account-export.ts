import { toCsv, type AccountExport, type ReviewsExport } from '@dinebuds/contracts';
import type { CallOrigin } from '@dinebuds/service-client';
import type { ServiceClients } from '../upstream/service-clients.js';

/**
 * One person's data from every service, each answering its own part for the caller (the gateway
 * owns none of it). The parts are asked at once; any service down fails the export (503).
 */
export async function assembleExport(clients: ServiceClients, origin: CallOrigin): Promise<AccountExport> {
  const [identity, social, reviews, messaging, moderation] = await Promise.all([
    clients.for('identity').call('users.export', {}, origin),
    clients.for('social-graph').call('follows.export', {}, origin),
    clients.for('reviews').call('reviews.export', {}, origin),
    clients.for('messaging').call('messages.export', {}, origin),
    clients.for('moderation').call('feedback.export', {}, origin),
  ]);
  return { exportedAt: new Date().toISOString(), identity, social, reviews, messaging, moderation };
}

/** Where a place is, as both CSVs name it. */
const PLACE_COLUMNS = ['name', 'address', 'city', 'latitude', 'longitude'] as const;

export const REVIEWS_CSV_HEADER = [
  'reviewId',
  'restaurantId',
  ...PLACE_COLUMNS,
  'rating',
  'notes',
  'visitDate',
  'createdAt',
] as const;

/** The columns the saved-places import reads back: name and address (and coordinates, notes). */
export const SAVED_CSV_HEADER = ['restaurantId', ...PLACE_COLUMNS, 'notes', 'savedAt'] as const;

export function reviewsCsv(data: ReviewsExport): string {
  return toCsv(
    REVIEWS_CSV_HEADER,
    data.reviews.map((r) => REVIEWS_CSV_HEADER.map((column) => r[column])),
  );
}

export function savedCsv(data: ReviewsExport): string {
  return toCsv(
    SAVED_CSV_HEADER,
    data.savedRestaurants.map((s) => SAVED_CSV_HEADER.map((column) => s[column])),
  );
}

/** `attachment; filename="dinebuds-<what>-<yyyy-mm-dd>.<ext>"`: the browser downloads it. */
export function attachment(what: string, ext: 'json' | 'csv', now = new Date()): string {
  return `attachment; filename="dinebuds-${what}-${now.toISOString().slice(0, 10)}.${ext}"`;
}
