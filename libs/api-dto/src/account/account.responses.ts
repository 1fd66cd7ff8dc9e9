import { ApiProperty } from '@nestjs/swagger';
import type {
  AccountExport,
  IdentityExport,
  ImportRowStatus,
  ImportSavedResponse,
  ImportSavedRow,
  MessagingExport,
  ModerationExport,
  ReviewsExport,
  SocialExport,
} from '@dinebuds/contracts';
import { CityBadgeSchema, FlavorBadgeSchema } from '../identity/badges.responses.js';
import { SessionSchema } from '../identity/sessions.responses.js';
import { UserSchema } from '../identity/users.responses.js';

/** A list of records in an export section (their fields: docs/api-account.md). */
const records = (description: string) =>
  ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true }, description });

export class IdentityExportSchema implements IdentityExport {
  @ApiProperty({ type: UserSchema }) profile: UserSchema;
  @ApiProperty({ type: [FlavorBadgeSchema] }) flavorBadges: FlavorBadgeSchema[];
  @ApiProperty({ type: [CityBadgeSchema] }) cityBadges: CityBadgeSchema[];
  @ApiProperty({ type: [SessionSchema] }) sessions: SessionSchema[];
}

export class SocialExportSchema implements SocialExport {
  @records('{ userId, username, name, since }') following: SocialExport['following'];
  @records('{ userId, username, name, since }') followers: SocialExport['followers'];
  @records('{ userId, username, name, requestedAt }') followRequestsSent: SocialExport['followRequestsSent'];
  @records('{ userId, username, name, requestedAt }')
  followRequestsReceived: SocialExport['followRequestsReceived'];
  @records('{ userId, username, name, since }') blocked: SocialExport['blocked'];
}

export class ReviewsExportSchema implements ReviewsExport {
  @records(
    '{ reviewId, restaurantId, name, address, city, latitude, longitude, rating, notes, visitDate, createdAt }',
  )
  reviews: ReviewsExport['reviews'];
  @records('{ restaurantId, name, address, city, latitude, longitude, notes, savedAt }')
  savedRestaurants: ReviewsExport['savedRestaurants'];
  @records('{ checkInId, restaurantId, name, address, city, latitude, longitude, status, checkedInAt }')
  checkIns: ReviewsExport['checkIns'];
  @records('{ commentId, checkInId, text, createdAt }') checkInComments: ReviewsExport['checkInComments'];
  @records('{ checkInId, likedAt }') checkInLikes: ReviewsExport['checkInLikes'];
}

export class MessagingExportSchema implements MessagingExport {
  @records(
    '{ messageId, direction, other: { userId, username, name }, content, messageType, read, createdAt }',
  )
  messages: MessagingExport['messages'];
  @records('{ pollId, role, other: { userId, username, name }, options, chosen, createdAt }')
  polls: MessagingExport['polls'];
}

export class ModerationExportSchema implements ModerationExport {
  @records('{ feedbackId, type, text, resolved, createdAt }') feedback: ModerationExport['feedback'];
  @records('{ reportId, targetType, targetId, reason, status, createdAt }')
  reportsFiled: ModerationExport['reportsFiled'];
  @records('{ appealId, reportId, text, status, createdAt }') appeals: ModerationExport['appeals'];
}

export class AccountExportSchema implements AccountExport {
  @ApiProperty({ example: '2026-11-26T22:00:00.000Z' }) exportedAt: string;
  @ApiProperty({ type: IdentityExportSchema }) identity: IdentityExportSchema;
  @ApiProperty({ type: SocialExportSchema }) social: SocialExportSchema;
  @ApiProperty({ type: ReviewsExportSchema }) reviews: ReviewsExportSchema;
  @ApiProperty({ type: MessagingExportSchema }) messaging: MessagingExportSchema;
  @ApiProperty({ type: ModerationExportSchema }) moderation: ModerationExportSchema;
}

export class ImportSavedRowSchema implements ImportSavedRow {
  @ApiProperty({ example: 2, description: '1-based line of the text' }) line: number;
  @ApiProperty({ example: "Joe's Pizza" }) name: string;
  @ApiProperty({ example: '7 Carmine St, New York, NY' }) address: string;
  @ApiProperty({ enum: ['imported', 'already-saved', 'skipped'] }) status: ImportRowStatus;
  @ApiProperty({ type: Number, nullable: true }) restaurantId: number | null;
  @ApiProperty({ type: String, nullable: true, example: null }) reason: string | null;
}

export class ImportSavedResponseSchema implements ImportSavedResponse {
  @ApiProperty({ example: 3 }) imported: number;
  @ApiProperty({ example: 1 }) alreadySaved: number;
  @ApiProperty({ example: 0 }) skipped: number;
  @ApiProperty({ type: [ImportSavedRowSchema] }) rows: ImportSavedRowSchema[];
}
