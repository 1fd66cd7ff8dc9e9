/** A strong ETag in its quoted form (`abc` -> `"abc"`), left alone when already quoted. */
export function quotedEtag(etag: string): string {
  return /^(W\/)?".*"$/.test(etag) ? etag : `"${etag.replace(/"/g, '')}"`;
}

/**
 * If-None-Match (RFC 9110 §13.1.2): true when the header is '*' or lists the ETag, compared weakly
 * (a `W/` prefix is ignored). One rule for the service that skips reading a picture and for the
 * gateway that answers 304, so the two can never disagree.
 */
export function ifNoneMatchHits(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = bare(quotedEtag(etag));
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === wanted);
}
