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
  ValidateBy,
} from 'class-validator';
import {
  FLAVOR_IDS,
  LIMITS,
  USERNAME_PATTERN,
  VALIDATION_MESSAGES,
  newPasswordProblem,
  type ChangePasswordRequest,
  type NewPasswordRule,
  type LoginRequest,
  type RegisterRequest,
} from '@dinebuds/contracts';
import { EqualsProperty, IsNotBlank, IsOptionalNotNull } from '../common/validators.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** 'Sushi ' -> 'sushi': the stored form of a preference name. */
const lowerEach = ({ value }: { value: unknown }) =>
  Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v)) : value;

export class LoginDto implements LoginRequest {
  @ApiProperty({ minLength: LIMITS.usernameMin, example: 'alice' })
  @IsDefined({ message: 'Username is required' })
  @IsString({ message: 'Username must be a string' })
  @Transform(trim)
  @MinLength(LIMITS.usernameMin, { message: VALIDATION_MESSAGES.usernameMin })
  @MaxLength(100, { message: 'Username is too long' })
  username: string;

  @ApiProperty({ minLength: LIMITS.passwordMin, example: 'Secret#123' })
  @IsDefined({ message: 'Password is required' })
  @IsString({ message: 'Password must be a string' })
  @MinLength(LIMITS.passwordMin, { message: VALIDATION_MESSAGES.passwordMin })
  @MaxLength(LIMITS.passwordMax, { message: VALIDATION_MESSAGES.passwordMax })
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
  @ArrayMaxSize(LIMITS.registrationFlavorsMax, { message: VALIDATION_MESSAGES.registrationFlavorsMax })
  @IsIn(FLAVOR_IDS, { each: true, message: VALIDATION_MESSAGES.unknownFlavor })
  flavorBuds?: string[];

  @ApiPropertyOptional({ type: [String], maxItems: LIMITS.registrationCitiesMax, example: ['new york'] })
  @IsOptionalNotNull()
  @Transform(lowerEach)
  @IsArray({ message: 'cityBuds must be a list' })
  @ArrayMaxSize(LIMITS.registrationCitiesMax, { message: VALIDATION_MESSAGES.registrationCitiesMax })
  @IsNotBlank({ each: true, message: VALIDATION_MESSAGES.emptyCity })
  @MaxLength(LIMITS.cityNameMax, {
    each: true,
    message: `City names must be at most ${LIMITS.cityNameMax} characters`,
  })
  cityBuds?: string[];
}

/**
 * The shared rule of a password being set (`newPasswordProblem` in contracts, which identity
 * applies again): its message is the first rule the value breaks.
 */
function IsNewPassword(rule: NewPasswordRule = {}): PropertyDecorator {
  return ValidateBy({
    name: 'isNewPassword',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && newPasswordProblem(value, rule) === null,
      defaultMessage: (args) =>
        (typeof args?.value === 'string' && newPasswordProblem(args.value, rule)) ||
        VALIDATION_MESSAGES.passwordMin,
    },
  });
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
