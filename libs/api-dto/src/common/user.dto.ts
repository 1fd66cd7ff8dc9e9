import { PositiveId } from '../validation/validators.js';

/**
 * `{ userId }`: the user a read is about (badges.listFlavor/listCity, follows counts), filled by
 * the gateway from a route parameter.
 */
export class UserRequest {
  @PositiveId({ fromText: true }) userId: number;
}
