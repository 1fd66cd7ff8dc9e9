import { LIMITS, VALIDATION_MESSAGES } from '@dinebuds/contracts';
import { badRequest, DomainError } from '@dinebuds/errors';

/** The photo types a restaurant may have, as the gateway accepts them: checked by content. */
export const PHOTO_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
]);

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const tooLarge = () => new DomainError('PAYLOAD_TOO_LARGE', VALIDATION_MESSAGES.fileTooLarge);
const notAnImage = () => new DomainError('UNSUPPORTED_MEDIA_TYPE', VALIDATION_MESSAGES.invalidFileType);

/**
 * The photo's bytes from base64, at most 5 MB (the size is checked on the encoded length first, so
 * an oversized body is refused before it is decoded). The service checks again what the gateway
 * checked: it trusts no caller with what it stores.
 */
export function decodePhoto(dataBase64: string, maxBytes: number = LIMITS.profilePictureMaxBytes): Buffer {
  const text = dataBase64.replace(/\s+/g, '');
  if (!BASE64.test(text)) throw badRequest('dataBase64 must be base64');
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  if (Math.floor((text.length * 3) / 4) - padding > maxBytes) throw tooLarge();
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length === 0) throw notAnImage();
  if (bytes.length > maxBytes) throw tooLarge();
  return bytes;
}

/** The detected (never a declared) type must be one of PHOTO_TYPES (415 otherwise). */
export function photoTypeOf(detectedMime: string | undefined): string {
  if (!detectedMime || !PHOTO_TYPES.has(detectedMime)) throw notAnImage();
  return detectedMime;
}

/** The ETag of an uploaded photo: its version names its bytes, so they need no hashing per read. */
export function photoEtag(restaurantId: number, version: number): string {
  return `"r${restaurantId}-v${version}"`;
}
