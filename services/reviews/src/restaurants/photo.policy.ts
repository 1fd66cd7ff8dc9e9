import type { Base64ImageOptions } from '@dinebuds/api-dto';
import { LIMITS } from '@dinebuds/contracts';

/** How a restaurant photo arrives: plain base64 of at most 5 MB. */
export const PHOTO_UPLOAD: Base64ImageOptions = { maxBytes: LIMITS.profilePictureMaxBytes };

/** The ETag of an uploaded photo: its version names its bytes, so they need no hashing per read. */
export function photoEtag(restaurantId: number, version: number): string {
  return `"r${restaurantId}-v${version}"`;
}
