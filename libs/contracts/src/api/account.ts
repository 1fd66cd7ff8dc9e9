import type { CityBadgeDto, FlavorBadgeDto, SessionDto, UserDto } from './identity.js';

/**
 * A diner's own data (issue 27): deleting one's account, the export every service contributes a
 * part of, and the import of saved places. The gateway assembles the export; each service answers
 * its part over its own `*.export` RPC for the caller only.
 */

/** DELETE /api/user: the account's password confirms the deletion. */
export interface DeleteAccountRequest {
  password: string;
}

export const ACCOUNT_MESSAGES = {
  accountDeleted: 'Your account has been deleted',
  userDeleted: 'User deleted',
  wrongPassword: 'Your password is incorrect',
  passwordRequired: 'Enter your password to delete your account',
  cannotDeleteSelf: 'You cannot delete your own account!',
  importEmpty: 'Add at least one place: a CSV with name and address columns, or one "Name, Address" per line',
  importTooLong: (maxChars: number) => `The import is too large: send at most ${maxChars} characters`,
  importTooManyRows: (maxRows: number) => `Import at most ${maxRows} places at a time`,
  rowNoAddress: 'Needs a name and an address',
} as const;

/** A person as another service's data names them in an export (id and names, when still known). */
export interface ExportedPerson {
  userId: number;
  username: string | null;
  name: string | null;
}

/** identity's part: the profile, badges and sessions. */
export interface IdentityExport {
  profile: UserDto;
  flavorBadges: FlavorBadgeDto[];
  cityBadges: CityBadgeDto[];
  sessions: SessionDto[];
}

/** social-graph's part: who the person follows, who follows them, requests and blocks. */
export interface SocialExport {
  following: (ExportedPerson & { since: string })[];
  followers: (ExportedPerson & { since: string })[];
  followRequestsSent: (ExportedPerson & { requestedAt: string })[];
  followRequestsReceived: (ExportedPerson & { requestedAt: string })[];
  blocked: (ExportedPerson & { since: string })[];
}

/** A restaurant as the export names it. */
export interface ExportedPlace {
  restaurantId: number;
  name: string;
  address: string;
  city: string;
  latitude: number | null;
  longitude: number | null;
}

export interface ExportedReview extends ExportedPlace {
  reviewId: number;
  rating: number;
  notes: string | null;
  visitDate: string | null;
  createdAt: string;
}

export interface ExportedSavedPlace extends ExportedPlace {
  notes: string | null;
  savedAt: string;
}

export interface ExportedCheckIn extends ExportedPlace {
  checkInId: number;
  status: string | null;
  checkedInAt: string;
}

/** reviews' part: reviews, saved places, check-ins and what the person wrote on others' check-ins. */
export interface ReviewsExport {
  reviews: ExportedReview[];
  savedRestaurants: ExportedSavedPlace[];
  checkIns: ExportedCheckIn[];
  checkInComments: { commentId: number; checkInId: number; text: string; createdAt: string }[];
  checkInLikes: { checkInId: number; likedAt: string }[];
}

/** messaging's part: every message the person sent or received, and their "Let's eat" polls. */
export interface MessagingExport {
  messages: {
    messageId: number;
    direction: 'sent' | 'received';
    other: ExportedPerson;
    content: string;
    messageType: string;
    read: boolean;
    createdAt: string;
  }[];
  polls: {
    pollId: number;
    role: 'proposer' | 'receiver';
    other: ExportedPerson;
    options: string[];
    chosen: string | null;
    createdAt: string;
  }[];
}

/** moderation's part: feedback, reports the person filed and their appeals. */
export interface ModerationExport {
  feedback: { feedbackId: number; type: string; text: string; resolved: boolean; createdAt: string }[];
  reportsFiled: {
    reportId: number;
    targetType: string;
    targetId: number;
    reason: string;
    status: string;
    createdAt: string;
  }[];
  appeals: { appealId: number; reportId: number; text: string; status: string; createdAt: string }[];
}

/** GET /api/user/export: one JSON document with everything every service holds about the caller. */
export interface AccountExport {
  exportedAt: string;
  identity: IdentityExport;
  social: SocialExport;
  reviews: ReviewsExport;
  messaging: MessagingExport;
  moderation: ModerationExport;
}

/** POST /api/saved-restaurants/import: CSV (with name and address columns) or "Name, Address" lines. */
export interface ImportSavedRequest {
  text: string;
}

export type ImportRowStatus = 'imported' | 'already-saved' | 'skipped';

export interface ImportSavedRow {
  /** 1-based line of the text the row came from. */
  line: number;
  name: string;
  address: string;
  status: ImportRowStatus;
  /** The saved restaurant (imported or already saved). */
  restaurantId: number | null;
  /** Why a row was skipped. */
  reason: string | null;
}

export interface ImportSavedResponse {
  imported: number;
  alreadySaved: number;
  skipped: number;
  rows: ImportSavedRow[];
}

/** Import limits; the row count is the reviews service's setting (SAVED_IMPORT_MAX_ROWS). */
export const ACCOUNT_LIMITS = {
  importTextMax: 200_000,
  importRowsDefault: 500,
} as const;
