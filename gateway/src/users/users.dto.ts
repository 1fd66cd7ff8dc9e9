import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, MaxLength, Min, MinLength } from 'class-validator';
import { LIMITS, VALIDATION_MESSAGES, type Paging, type UpdateUserRequest } from '@dinebuds/contracts';
import { IsOptionalNotNull } from '../common/validators.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** Query strings arrive as text: '20' becomes 20, anything else stays as sent and fails IsInt. */
const toInt = ({ value }: { value: unknown }) => {
  if (value === '') return undefined;
  return typeof value === 'string' && /^-?\d{1,10}$/.test(value) ? Number(value) : value;
};
/** A page larger than the maximum is cut to the maximum rather than refused. */
const capPage = ({ value }: { value: unknown }) => {
  const n = toInt({ value });
  return typeof n === 'number' ? Math.min(n, LIMITS.listPageMax) : n;
};

export class PagingQuery implements Paging {
  @ApiPropertyOptional({ minimum: 1, maximum: LIMITS.listPageMax, default: 20 })
  @IsOptional()
  @Transform(capPage)
  @IsInt({ message: `limit must be an integer between 1 and ${LIMITS.listPageMax}` })
  @Min(1, { message: `limit must be an integer between 1 and ${LIMITS.listPageMax}` })
  limit?: number;

  @ApiPropertyOptional({ minimum: 0, default: 0 })
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'offset must be a non-negative integer' })
  @Min(0, { message: 'offset must be a non-negative integer' })
  offset?: number;
}

export class SearchUsersQuery extends PagingQuery {
  @ApiPropertyOptional({
    description: 'Part of a name or username (case-insensitive)',
    maxLength: LIMITS.searchQueryMax,
  })
  @IsOptional()
  @IsString({ message: 'username must be a single search text' })
  @Transform(trim)
  @MaxLength(LIMITS.searchQueryMax, {
    message: `Search text must be at most ${LIMITS.searchQueryMax} characters`,
  })
  username?: string;
}

export class UpdateUserDto implements UpdateUserRequest {
  @ApiPropertyOptional({ minLength: LIMITS.nameMin, maxLength: LIMITS.nameMax })
  @IsOptionalNotNull()
  @IsString({ message: 'Name must be a string' })
  @Transform(trim)
  @MinLength(LIMITS.nameMin, { message: VALIDATION_MESSAGES.nameMin })
  @MaxLength(LIMITS.nameMax, { message: VALIDATION_MESSAGES.nameMax })
  name?: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: LIMITS.bioMax })
  @IsOptional()
  @IsString({ message: 'Bio must be a string' })
  @MaxLength(LIMITS.bioMax, { message: VALIDATION_MESSAGES.bioMax })
  bio?: string | null;

  @ApiPropertyOptional()
  @IsOptionalNotNull()
  @IsBoolean({ message: 'isPrivate must be true or false' })
  isPrivate?: boolean;
}
