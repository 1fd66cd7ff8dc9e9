import type { CityTierLevel } from '../domain/levels.js';
import type { FlavorBadgeCategory } from '../domain/flavors.js';

/** A user as every API answer shows it. Never carries a password hash. */
export interface UserDto {
  id: number;
  username: string;
  name: string;
  bio: string | null;
  /** URL of the profile picture (served by /api/users/{id}/profile-picture), or null. */
  profilePicture: string | null;
  reviewCount: number;
  isAdmin: boolean;
  isPrivate: boolean;
  createdAt: string;
}

/** The signed-in user (GET /api/user). */
export type CurrentUserDto = UserDto;

/** Follower-list / search entry. */
export type UserSummaryDto = Pick<
  UserDto,
  'id' | 'username' | 'name' | 'profilePicture' | 'bio' | 'reviewCount' | 'isPrivate'
>;

export interface LoginRequest {
  username: string;
  password: string;
}

/** POST /api/register (document 1 §3); confirmPassword is removed by the client before sending. */
export interface RegisterRequest {
  username: string;
  password: string;
  name: string;
  bio?: string | null;
  profilePicture?: string | null;
  isPrivate?: boolean;
  /** Lower-case flavor ids without the Bud suffix, e.g. ['sushi', 'vegan']. */
  flavorBuds?: string[];
  /** Lower-case city names without the Bud suffix, e.g. ['new york']. */
  cityBuds?: string[];
}

/** PATCH /api/users/{id}. */
export interface UpdateUserRequest {
  name?: string;
  bio?: string | null;
  isPrivate?: boolean;
}

export interface TogglePrivacyResponse {
  message: string;
  isPrivate: boolean;
}

export interface ProfilePictureResponse {
  profilePicture: string;
}

export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
}

export interface MessageResponse {
  message: string;
}

export interface FlavorBadgeDto {
  id: number;
  userId: number;
  badgeId: string;
  category: FlavorBadgeCategory;
  createdAt: string;
}

export interface CityBadgeDto {
  id: number;
  userId: number;
  /** Stored lower-case, e.g. 'new york'. */
  city: string;
  reviewCount: number;
  level: CityTierLevel;
  lastUpdated: string;
  createdAt: string;
}

/** POST /api/users/flavor-badges: replaces the user's flavor badges (an empty list clears them). */
export interface SetFlavorBadgesRequest {
  userId: number;
  badges: { category: string; badgeId: string }[];
}

/**
 * POST /api/users/city-badges: replaces the user's city badges. The settings path sends
 * `badges` (at most 3); the registration path sends `cities` (at most 5).
 */
export interface SetCityBadgesRequest {
  userId: number;
  badges?: { city: string; level?: CityTierLevel }[];
  cities?: { city: string; reviewCount?: number }[];
}

export interface SessionDto {
  /** Public id of the session (never the cookie secret). */
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

export interface CountResponse {
  count: number;
}

/** GET /api/env: public configuration for the browser. */
export interface EnvResponse {
  /** The original client's maps key field; we use keyless OpenStreetMap tiles so it is empty. */
  mapsApiKey: string;
  mapTileUrl: string;
  mapAttribution: string;
  /**
   * The online reservation site's URL with `{date}` (YYYY-MM-DD), `{time}` (HH:mm), `{partySize}`
   * and `{name}` placeholders; the restaurant page's reservation dialog fills them in.
   */
  reservationUrlTemplate: string;
  productName: string;
}

/** Error body of every failed /api call. */
export interface ApiErrorBody {
  statusCode: number;
  message: string;
  error: string;
  code?: string;
}
