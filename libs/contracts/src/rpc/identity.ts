import type {
  AdminBadgeDto,
  AdminBadgesDto,
  CityTierDto,
  RenameBadgeRequest,
  SetTierThresholdRequest,
} from '../api/admin-badges.js';
import type {
  ChangePasswordRequest,
  CityBadgeDto,
  CurrentUserDto,
  FlavorBadgeDto,
  LoginRequest,
  MessageResponse,
  ProfilePictureResponse,
  RegisterRequest,
  SessionDto,
  SetCityBadgesRequest,
  SetFlavorBadgesRequest,
  TogglePrivacyResponse,
  UpdateUserRequest,
  UserDto,
  UserSummaryDto,
} from '../api/identity.js';
import type { DeleteAccountRequest, IdentityExport } from '../api/account.js';
import type {
  AdminUserDto,
  AdminUserListDto,
  AdminUserListQuery,
  UserStatusChangeRequest,
} from '../api/admin-users.js';

/** Where a sign-in came from, recorded on the session for the Sessions tab. */
export interface ClientInfo {
  userAgent: string | null;
  ipAddress: string | null;
}

/** Result of register/login: the user and the secret for the session cookie. */
export interface AuthResult {
  user: CurrentUserDto;
  /** Opaque secret for the cookie; identity stores only its hash. */
  sessionToken: string;
  sessionId: string;
}

export interface ResolvedSession {
  userId: number;
  isAdmin: boolean;
  sessionId: string;
  /**
   * The user's own view, read in the same statement: `GET /api/user` answers it without a call.
   * Optional because an identity older than this field answers without it (rolling deploys).
   */
  user?: CurrentUserDto;
  /**
   * When the session ends unless it is used again (ISO 8601): the gateway remembers it no longer.
   * Optional because an identity older than this field answers without it (rolling deploys).
   */
  expiresAt?: string;
}

export interface PictureData {
  contentType: string;
  dataBase64: string;
  etag: string;
  /** True when `ifNoneMatch` matched: identity did not read the bytes and dataBase64 is ''. */
  notModified?: boolean;
}

export interface Paging {
  limit?: number;
  offset?: number;
}

/** Identity's RPC patterns. The caller (if any) travels in headers, not in the request. */
export interface IdentityRpc {
  'auth.register': { request: RegisterRequest & ClientInfo; response: AuthResult };
  'auth.login': { request: LoginRequest & ClientInfo; response: AuthResult };
  'auth.logout': { request: { sessionToken: string }; response: MessageResponse };
  'sessions.resolve': { request: { sessionToken: string }; response: ResolvedSession | null };
  'sessions.list': { request: Record<string, never>; response: SessionDto[] };
  'sessions.revoke': { request: { sessionId: string }; response: MessageResponse };
  'users.me': { request: Record<string, never>; response: CurrentUserDto };
  'adminUsers.list': { request: AdminUserListQuery; response: AdminUserListDto };
  'adminUsers.get': { request: { id: number }; response: AdminUserDto };
  'adminUsers.deactivate': { request: { id: number } & UserStatusChangeRequest; response: AdminUserDto };
  'adminUsers.reactivate': { request: { id: number } & UserStatusChangeRequest; response: AdminUserDto };
  'users.list': { request: Paging; response: UserSummaryDto[] };
  'users.search': { request: { query: string } & Paging; response: UserSummaryDto[] };
  'users.get': { request: { id: number }; response: UserDto };
  'users.getByUsername': { request: { username: string }; response: UserDto };
  'users.update': { request: { id: number } & UpdateUserRequest; response: UserDto };
  'users.togglePrivacy': { request: { id: number }; response: TogglePrivacyResponse };
  'users.setPicture': {
    request: { id: number; contentType: string; dataBase64: string };
    response: ProfilePictureResponse;
  };
  'users.getPicture': { request: { id: number; ifNoneMatch?: string }; response: PictureData };
  'users.changePassword': { request: ChangePasswordRequest; response: MessageResponse };
  'badges.listFlavor': { request: { userId: number }; response: FlavorBadgeDto[] };
  'badges.setFlavor': { request: SetFlavorBadgesRequest; response: FlavorBadgeDto[] };
  'badges.listCity': { request: { userId: number }; response: CityBadgeDto[] };
  'badges.setCity': { request: SetCityBadgesRequest; response: CityBadgeDto[] };
  /** The caller deletes their own account (password confirmation). */
  'users.deleteSelf': { request: DeleteAccountRequest; response: MessageResponse };
  /** An admin deletes another person. */
  'users.delete': { request: { id: number }; response: MessageResponse };
  /** The caller's part of their data export. */
  'users.export': { request: Record<string, never>; response: IdentityExport };
  'badges.adminCatalogue': { request: Record<string, never>; response: AdminBadgesDto };
  'badges.rename': { request: RenameBadgeRequest; response: AdminBadgeDto };
  'badges.setTierThreshold': { request: SetTierThresholdRequest; response: CityTierDto[] };
}

export type IdentityPattern = keyof IdentityRpc;
