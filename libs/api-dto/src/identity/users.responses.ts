import { ApiProperty } from '@nestjs/swagger';
import type {
  ProfilePictureResponse,
  TogglePrivacyResponse,
  UserDto,
  UserSummaryDto,
} from '@dinebuds/contracts';

/** OpenAPI schema of UserDto (libs/contracts). */
export class UserSchema implements UserDto {
  @ApiProperty({ example: 7 }) id: number;
  @ApiProperty({ example: 'alice' }) username: string;
  @ApiProperty({ example: 'Alice Liddell' }) name: string;
  @ApiProperty({ type: String, nullable: true, example: 'Food enthusiast with a passion for sushi.' }) bio:
    string | null;
  @ApiProperty({ type: String, nullable: true, example: '/api/users/7/profile-picture?v=3' }) profilePicture:
    string | null;
  @ApiProperty({ example: 12 }) reviewCount: number;
  @ApiProperty() isAdmin: boolean;
  @ApiProperty() isPrivate: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

/** OpenAPI schema of UserSummaryDto. */
export class UserSummarySchema implements UserSummaryDto {
  @ApiProperty({ example: 7 }) id: number;
  @ApiProperty({ example: 'alice' }) username: string;
  @ApiProperty({ example: 'Alice Liddell' }) name: string;
  @ApiProperty({ type: String, nullable: true }) profilePicture: string | null;
  @ApiProperty({ type: String, nullable: true }) bio: string | null;
  @ApiProperty() reviewCount: number;
  @ApiProperty() isPrivate: boolean;
}

export class TogglePrivacySchema implements TogglePrivacyResponse {
  @ApiProperty({ example: 'Your profile is now private' }) message: string;
  @ApiProperty() isPrivate: boolean;
}

export class ProfilePictureSchema implements ProfilePictureResponse {
  @ApiProperty({ example: '/api/users/7/profile-picture?v=4' }) profilePicture: string;
}
