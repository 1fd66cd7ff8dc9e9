/** What the privacy rule needs to know about whose content is looked at. */
export interface ContentOwner {
  id: number;
  isPrivate: boolean;
}

/**
 * A user's reviews, saves and activity: everyone sees a public user's; a private user's only the
 * owner and approved followers (spec 1: "only approved followers see reviews and saved
 * restaurants"). A user not in the projection yet is treated as private: only they see their own.
 */
export function canSeeContent(
  viewerId: number | null,
  owner: ContentOwner | null,
  ownerId: number,
  viewerFollows: boolean,
): boolean {
  if (viewerId !== null && viewerId === ownerId) return true;
  if (owner === null) return false;
  if (!owner.isPrivate) return true;
  return viewerId !== null && viewerFollows;
}
