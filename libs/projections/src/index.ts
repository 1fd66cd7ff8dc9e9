export { isNewerUserChange, type UserChange } from './user-change.policy.js';
export { isNewerFollowChange } from './follow-change.policy.js';
export {
  SocialGraphEdges,
  socialGraphEdgeEntities,
  socialGraphEdgeTables,
  notBlockedSql,
  type IsDeletedUser,
  type SocialGraphEdgeEntities,
} from './social-graph-edges.js';
export {
  IdentityUsersProjection,
  ProjectedUserColumns,
  deletedUserEntity,
  type ExtraUserColumns,
  type ProjectedProfile,
} from './identity-users.js';
