// The social graph's public face: follows, follow lists and counts, blocks and the privacy
// switch, used by the profile and Settings. The Social screen itself is loaded by its route.
export { useBlockUser } from './api/block-user';
export { useBlockedUsers } from './api/get-blocked-users';
export { getFollowCountQueryOptions, useFollowCounts } from './api/get-follow-count';
export { getFollowListQueryOptions, type FollowListKind } from './api/get-follow-list';
export { useFollowStatus } from './api/get-follow-status';
export type { FollowTarget } from './api/toggle-follow';
export { togglePrivacy, useTogglePrivacy } from './api/toggle-privacy';
export { useUnblockUser } from './api/unblock-user';
export { FollowButton } from './components/follow-button';
export { PrivacySwitch } from './components/privacy-switch';
export { useMutedUsers, useSafetyStatus, useSetMuted } from './api/mute-user';
export { useRemoveFollower } from './api/remove-follower';
