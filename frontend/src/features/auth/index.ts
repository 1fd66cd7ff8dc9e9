// The auth feature's public face: the session every other feature reads, and sign-out.
export {
  currentUserQueryKey,
  getCurrentUser,
  getCurrentUserQueryOptions,
  useCurrentUser,
  usePatchCurrentUser,
  useSetCurrentUser,
  usersQueryKey,
} from './api/get-current-user';
export { useLogout } from './api/logout';
