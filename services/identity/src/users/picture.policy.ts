import type { Base64ImageOptions } from '@dinebuds/api-dto';
import { LIMITS } from '@dinebuds/contracts';

/** How a profile picture arrives: base64 or base64url, a data: URL prefix tolerated. */
export const PICTURE_UPLOAD: Base64ImageOptions = {
  maxBytes: LIMITS.profilePictureMaxBytes,
  acceptDataUrl: true,
  acceptBase64url: true,
};

export function pictureEtag(userId: number, version: number): string {
  return `"u${userId}-v${version}"`;
}
