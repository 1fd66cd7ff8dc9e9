/**
 * Whether a social.follow.* change applies to an edge: always without a version on either side
 * (events from before edges were numbered, applied once by the inbox), else only when newer than
 * the version applied last. A repeat or an older change arriving late changes nothing.
 */
export function isNewerFollowChange(incoming: number | null, applied: number | null): boolean {
  if (incoming === null || applied === null) return true;
  return incoming > applied;
}
