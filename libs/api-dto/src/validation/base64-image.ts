import { fileTypeFromBuffer } from 'file-type';
import { VALIDATION_MESSAGES } from '@dinebuds/contracts';
import { badRequest, DomainError } from '@dinebuds/errors';

/** The image types a service stores (a profile picture, a restaurant photo): checked by content. */
export const IMAGE_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
]);

/** How one RPC body carries its image. */
export interface Base64ImageOptions {
  maxBytes: number;
  /** Tolerate a `data:<type>;base64,` prefix. */
  acceptDataUrl?: boolean;
  /** Tolerate the URL-safe alphabet (`-`, `_`) as well as the standard one. */
  acceptBase64url?: boolean;
}

export interface DecodedImage {
  bytes: Buffer;
  contentType: string;
}

const STANDARD_BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const ANY_BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

const tooLarge = () => new DomainError('PAYLOAD_TOO_LARGE', VALIDATION_MESSAGES.fileTooLarge);
const notAnImage = () => new DomainError('UNSUPPORTED_MEDIA_TYPE', VALIDATION_MESSAGES.invalidFileType);

/**
 * The bytes of a base64 image (400 if not base64, 413 over maxBytes, 415 if empty). The size is
 * checked on the encoded length first, so an oversized body is refused before it is decoded.
 */
export function decodeImageBytes(dataBase64: string, options: Base64ImageOptions): Buffer {
  const { maxBytes, acceptDataUrl = false, acceptBase64url = false } = options;
  const unprefixed = acceptDataUrl ? dataBase64.replace(/^data:[^;,]*;base64,/, '') : dataBase64;
  const text = unprefixed.replace(/\s+/g, '');
  if (!(acceptBase64url ? ANY_BASE64 : STANDARD_BASE64).test(text))
    throw badRequest('dataBase64 must be base64');
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  if (Math.floor((text.length * 3) / 4) - padding > maxBytes) throw tooLarge();
  const urlSafe = acceptBase64url && (text.includes('-') || text.includes('_'));
  const bytes = Buffer.from(text, urlSafe ? 'base64url' : 'base64');
  if (bytes.length === 0) throw notAnImage();
  if (bytes.length > maxBytes) throw tooLarge();
  return bytes;
}

/** The detected (never a declared) type must be one of IMAGE_TYPES (415 otherwise). */
export function imageContentType(detectedMime: string | undefined): string {
  if (!detectedMime || !IMAGE_TYPES.has(detectedMime)) throw notAnImage();
  return detectedMime;
}

/**
 * A base64 image's bytes and the type sniffed from them: a service checks again what the gateway
 * checked, because it trusts no caller with what it stores.
 */
export async function decodeImage(dataBase64: string, options: Base64ImageOptions): Promise<DecodedImage> {
  const bytes = decodeImageBytes(dataBase64, options);
  return { bytes, contentType: imageContentType((await fileTypeFromBuffer(bytes))?.mime) };
}
