import { ALLOWED_IMAGE_TYPES } from './image-upload.js';

/** A strong ETag in its quoted form, whatever form the service keeps it in. */
export function quoteEtag(etag: string): string {
  return /^(W\/)?".*"$/.test(etag) ? etag : `"${etag.replace(/"/g, '')}"`;
}

/** If-None-Match matches when it lists the ETag (weak comparison) or is '*'. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = bare(quoteEtag(etag));
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === wanted);
}

/** A versioned URL (?v=) never changes content, so browsers may keep it for a year. */
export function pictureCacheControl(versioned: boolean): string {
  return versioned ? 'public, max-age=31536000, immutable' : 'public, no-cache';
}

/** Serve only the image types we accept; anything else is sent as opaque bytes. */
export function servedContentType(contentType: string): string {
  return ALLOWED_IMAGE_TYPES.includes(contentType) ? contentType : 'application/octet-stream';
}
