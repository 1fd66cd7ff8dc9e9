import type { CreatePollRequest, SendMessageRequest } from '@dinebuds/contracts';
import type { CallOrigin } from '@dinebuds/service-client';
import type { ServiceClients } from '../upstream/service-clients.js';

/**
 * Shares and "Let's eat" polls carry a restaurant's name as the server knows it, never as the
 * client wrote it (a client could otherwise label a link to one place with another's name): the
 * name comes from reviews, which owns restaurants (404 'Restaurant not found' for an unknown id).
 */
async function restaurantName(
  clients: ServiceClients,
  restaurantId: number,
  origin: CallOrigin,
): Promise<string> {
  const restaurant = await clients.for('reviews').call('restaurants.detail', { restaurantId }, origin);
  return restaurant.name;
}

/** A send with its restaurant's own name (a share naming a restaurant); anything else as it is. */
export async function withServerRestaurantName<T extends SendMessageRequest>(
  clients: ServiceClients,
  request: T,
  origin: CallOrigin,
): Promise<T> {
  if (request.messageType !== 'restaurant_share' || request.restaurantId === undefined) return request;
  return { ...request, restaurantName: await restaurantName(clients, request.restaurantId, origin) };
}

/** A poll whose options carry their restaurants' own names. */
export async function withServerOptionNames<T extends CreatePollRequest>(
  clients: ServiceClients,
  request: T,
  origin: CallOrigin,
): Promise<T> {
  const options = await Promise.all(
    request.options.map(async (option) => ({
      ...option,
      restaurantName: await restaurantName(clients, option.restaurantId, origin),
    })),
  );
  return { ...request, options };
}
