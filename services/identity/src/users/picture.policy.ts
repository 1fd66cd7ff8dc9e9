import { LIMITS, VALIDATION_MESSAGES } from '@dinebuds/contracts';
import { badRequest, DomainError } from '@dinebuds/errors';

export const ALLOWED_PICTURE_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
]);

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

export const fileTooLarge = () => new DomainError('PAYLOAD_TOO_LARGE', VALIDATION_MESSAGES.fileTooLarge);
export const invalidFileType = () =>
  new DomainError('UNSUPPORTED_MEDIA_TYPE', VALIDATION_MESSAGES.invalidFileType);

/**
 * Decodes the base64 picture (a data: URL prefix is tolerated). The size is checked from the
 * encoded length first, so an oversized upload is refused before it is decoded.
 */
export function decodePicture(dataBase64: string, maxBytes: number = LIMITS.profilePictureMaxBytes): Buffer {
  const text = dataBase64.replace(/^data:[^;,]*;base64,/, '').replace(/\s+/g, '');
  if (!BASE64.test(text)) throw badRequest('dataBase64 must be base64');
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const decodedLength = Math.floor((text.length * 3) / 4) - padding;
  if (decodedLength > maxBytes) throw fileTooLarge();
  if (decodedLength === 0) throw invalidFileType();
  const bytes = Buffer.from(text, text.includes('-') || text.includes('_') ? 'base64url' : 'base64');
  if (bytes.length > maxBytes) throw fileTooLarge();
  return bytes;
}

/** The detected (never the declared) type must be one of the allowed images. */
export function assertAllowedPictureType(detectedMime: string | undefined): string {
  if (!detectedMime || !ALLOWED_PICTURE_TYPES.has(detectedMime)) throw invalidFileType();
  return detectedMime;
}

export function pictureEtag(userId: number, version: number): string {
  return `"u${userId}-v${version}"`;
}
