import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsDefined, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { LIMITS, VALIDATION_MESSAGES, type IdentityRpc, type UpdateUserRequest } from '@dinebuds/contracts';
import { PagingQuery } from '../common/paging.dto.js';
import { trim } from '../validation/transforms.js';
import { IsOptionalNotNull, PositiveId } from '../validation/validators.js';

type RpcRequest<P extends keyof IdentityRpc> = IdentityRpc[P]['request'];

/** Part of a name or username: `username` in the public query, `query` in identity's RPC. */
function SearchText(): PropertyDecorator {
  return (target, property) => {
    for (const decorate of [
      IsOptional(),
      IsString({ message: ({ property: name }) => `${name} must be a single search text` }),
      Transform(trim),
      MaxLength(LIMITS.searchQueryMax, {
        message: `Search text must be at most ${LIMITS.searchQueryMax} characters`,
      }),
    ])
      decorate(target, property);
  };
}

/** GET /api/users/search */
export class SearchUsersQuery extends PagingQuery {
  @ApiPropertyOptional({
    description: 'Part of a name or username (case-insensitive)',
    maxLength: LIMITS.searchQueryMax,
  })
  @SearchText()
  username?: string;
}

/** identity's `users.search`: an absent query reads as '' (everyone). */
export class SearchUsersRequest extends PagingQuery implements RpcRequest<'users.search'> {
  @SearchText()
  query: string;
}

/** PATCH /api/users/{id} */
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

/** identity's `users.update`: the route's id and the changes. */
export class UpdateUserRequestBody extends UpdateUserDto implements RpcRequest<'users.update'> {
  @PositiveId({ fromText: true }) id: number;
}

/** identity's `users.get` and `users.togglePrivacy`. */
export class IdRequest implements RpcRequest<'users.get'> {
  @PositiveId({ fromText: true }) id: number;
}

/** identity's `users.getByUsername`. */
export class UsernameRequest implements RpcRequest<'users.getByUsername'> {
  @IsDefined({ message: 'username is required' })
  @IsString({ message: 'username must be a string' })
  username: string;
}

/** identity's `users.setPicture`: contentType is the client's claim; the bytes decide the stored type. */
export class SetPictureRequest implements RpcRequest<'users.setPicture'> {
  @PositiveId({ fromText: true }) id: number;

  @IsOptional()
  @IsString({ message: 'contentType must be a string' })
  contentType: string;

  @IsDefined({ message: 'dataBase64 is required' })
  @IsString({ message: 'dataBase64 must be a string' })
  dataBase64: string;
}

/** identity's `users.getPicture`: `ifNoneMatch` lets a matching tag skip reading the bytes. */
export class GetPictureRequest implements RpcRequest<'users.getPicture'> {
  @PositiveId({ fromText: true }) id: number;

  @IsOptional()
  @IsString({ message: 'ifNoneMatch must be a string' })
  ifNoneMatch?: string;
}
