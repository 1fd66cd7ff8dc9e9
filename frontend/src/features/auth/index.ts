// The auth feature's public face: the session every other feature reads, and sign-out. Kept to
// API code: feature API files the entry chunk loads (route loaders) import it, so a component
// exported here would join the first page (first-page-budget.spec.ts).
export {
  currentUserQueryKey,
  getCurrentUser,
  getCurrentUserQueryOptions,
  useCurrentUser,
  usePatchCurrentUser,
  useSetCurrentUser,
  usersQueryKey,
} from './api/get-current-user';
export { forgetSignedInUser, useLogout } from './api/logout';
