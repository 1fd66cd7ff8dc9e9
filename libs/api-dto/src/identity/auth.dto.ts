import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
} from 'class-validator';
import {
  FLAVOR_IDS,
  LIMITS,
  USERNAME_PATTERN,
  VALIDATION_MESSAGES,
  type ChangePasswordRequest,
  type ClientInfo,
  type LoginRequest,
  type RegisterRequest,
} from '@dinebuds/contracts';
import { lowerEach, trim } from '../validation/transforms.js';
import { EDGE_ONLY } from '../validation/validation-options.js';
import { EqualsProperty, IsNewPassword, IsNotBlank, IsOptionalNotNull } from '../validation/validators.js';

/**
 * POST /api/login. The lengths are the gateway's: identity treats any other text as a login that
 * fails (401), so a guess learns nothing from the shape.
 */
export class LoginDto implements LoginRequest {
  @ApiProperty({ minLength: LIMITS.usernameMin, example: 'alice' })
  @IsDefined({ message: 'Username is required' })
  @IsString({ message: 'Username must be a string' })
  @Transform(trim)
  @MinLength(LIMITS.usernameMin, { ...EDGE_ONLY, message: VALIDATION_MESSAGES.usernameMin })
  @MaxLength(100, { ...EDGE_ONLY, message: 'Username is too long' })
  username: string;

  @ApiProperty({ minLength: LIMITS.passwordMin, example: 'Secret#123' })
  @IsDefined({ message: 'Password is required' })
  @IsString({ message: 'Password must be a string' })
  @MinLength(LIMITS.passwordMin, { ...EDGE_ONLY, message: VALIDATION_MESSAGES.passwordMin })
  @MaxLength(LIMITS.passwordMax, { ...EDGE_ONLY, message: VALIDATION_MESSAGES.passwordMax })
  password: string;
}

export class RegisterDto implements RegisterRequest {
  @ApiProperty({
    minLength: LIMITS.usernameMin,
    maxLength: LIMITS.usernameMax,
    pattern: USERNAME_PATTERN.source,
    example: 'alice',
  })
  @IsDefined({ message: 'Username is required' })
  @IsString({ message: 'Username must be a string' })
  @Transform(trim)
  @MinLength(LIMITS.usernameMin, { message: VALIDATION_MESSAGES.usernameMin })
  @MaxLength(LIMITS.usernameMax, { message: VALIDATION_MESSAGES.usernameMax })
  @Matches(USERNAME_PATTERN, { message: VALIDATION_MESSAGES.usernamePattern })
  username: string;

  @ApiProperty({
    minLength: LIMITS.passwordMin,
    maxLength: LIMITS.passwordMax,
    description: 'Not one of the most common passwords (compared case-insensitively)',
    example: 'Secret#123',
  })
  @IsDefined({ message: 'Password is required' })
  @IsString({ message: 'Password must be a string' })
  @IsNewPassword()
  password: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Checked against password when sent (null reads as absent); never forwarded',
  })
  @IsOptional()
  @EqualsProperty('password', { message: VALIDATION_MESSAGES.passwordsDontMatch })
  confirmPassword?: string;

  @ApiProperty({ minLength: LIMITS.nameMin, maxLength: LIMITS.nameMax, example: 'Alice Liddell' })
  @IsDefined({ message: 'Name is required' })
  @IsString({ message: 'Name must be a string' })
  @Transform(trim)
  @MinLength(LIMITS.nameMin, { message: VALIDATION_MESSAGES.nameMin })
  @MaxLength(LIMITS.nameMax, { message: VALIDATION_MESSAGES.nameMax })
  name: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: LIMITS.bioMax })
  @IsOptional()
  @IsString({ message: 'Bio must be a string' })
  @MaxLength(LIMITS.bioMax, { message: VALIDATION_MESSAGES.bioMax })
  bio?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsString({ message: 'Profile picture must be a string' })
  @MaxLength(2048, { message: 'Profile picture is too long' })
  profilePicture?: string | null;

  @ApiPropertyOptional()
  @IsOptionalNotNull()
  @IsBoolean({ message: 'isPrivate must be true or false' })
  isPrivate?: boolean;

  @ApiPropertyOptional({
    type: [String],
    maxItems: LIMITS.registrationFlavorsMax,
    example: ['sushi', 'vegan'],
  })
  @IsOptionalNotNull()
  @Transform(lowerEach)
  @IsArray({ message: 'flavorBuds must be a list' })
  @ArrayMaxSize(LIMITS.registrationFlavorsMax, {
    ...EDGE_ONLY,
    message: VALIDATION_MESSAGES.registrationFlavorsMax,
  })
  @IsIn(FLAVOR_IDS, { each: true, message: VALIDATION_MESSAGES.unknownFlavor })
  flavorBuds?: string[];

  @ApiPropertyOptional({ type: [String], maxItems: LIMITS.registrationCitiesMax, example: ['new york'] })
  @IsOptionalNotNull()
  @Transform(lowerEach)
  @IsArray({ message: 'cityBuds must be a list' })
  @ArrayMaxSize(LIMITS.registrationCitiesMax, {
    ...EDGE_ONLY,
    message: VALIDATION_MESSAGES.registrationCitiesMax,
  })
  @IsNotBlank({ each: true, message: VALIDATION_MESSAGES.emptyCity })
  @MaxLength(LIMITS.cityNameMax, {
    each: true,
    message: `City names must be at most ${LIMITS.cityNameMax} characters`,
  })
  cityBuds?: string[];
}

export class ChangePasswordDto implements ChangePasswordRequest {
  @ApiProperty()
  @IsDefined({ message: 'Current password is required' })
  @IsString({ message: 'Current password must be a string' })
  @MinLength(1, { message: 'Current password is required' })
  @MaxLength(LIMITS.passwordMax, { message: 'Current password is incorrect' })
  currentPassword: string;

  @ApiProperty({
    minLength: LIMITS.passwordMin,
    maxLength: LIMITS.passwordMax,
    description:
      'At least 3 of: 8+ characters, an uppercase letter, a digit, a special character; ' +
      'not one of the most common passwords (compared case-insensitively)',
  })
  @IsDefined({ message: 'New password is required' })
  @IsString({ message: 'New password must be a string' })
  @IsNewPassword({ strength: true })
  newPassword: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Checked against newPassword when sent (null reads as absent); never forwarded',
  })
  @IsOptional()
  @EqualsProperty('newPassword', { message: VALIDATION_MESSAGES.passwordsDontMatch })
  confirmPassword?: string;
}

/** Where a sign-in came from: the gateway adds it to the login and registration it forwards. */
function ClientInfoField(): PropertyDecorator {
  return (target, property) => {
    IsOptional()(target, property);
    IsString({ message: `${String(property)} must be a string` })(target, property);
  };
}

/** identity's `auth.login`: the login plus where it came from. */
export class LoginRpcRequest extends LoginDto implements ClientInfo {
  @ClientInfoField() userAgent: string | null;
  @ClientInfoField() ipAddress: string | null;
}

/** identity's `auth.register`: the registration plus where it came from. */
export class RegisterRpcRequest extends RegisterDto implements ClientInfo {
  @ClientInfoField() userAgent: string | null;
  @ClientInfoField() ipAddress: string | null;
}
