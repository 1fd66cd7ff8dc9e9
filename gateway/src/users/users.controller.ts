import type { CallOrigin } from '@dinebuds/service-client';
import {
  Body,
  Controller,
  Get,
  Header,
  Headers,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Res,
} from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  PagingQuery,
  ProfilePictureSchema,
  SearchUsersQuery,
  TogglePrivacySchema,
  UpdateUserDto,
  UserSchema,
  UserSummarySchema,
} from '@dinebuds/api-dto';
import type { FastifyReply } from 'fastify';
import type {
  JsonText,
  ProfilePictureResponse,
  TogglePrivacyResponse,
  UserDto,
  UserSummaryDto,
} from '@dinebuds/contracts';
import { OptionalAuth, Origin, RequireAuth, SignedInOrigin } from '../auth/auth.decorators.js';
import { ApiErrors } from '../common/api-errors.decorator.js';
import { PositiveIntPipe } from '../common/positive-int.pipe.js';
import { ServiceClients } from '../upstream/service-clients.js';
import { etagMatches, pictureCacheControl, quoteEtag, servedContentType } from '../uploads/image-caching.js';
import { ALLOWED_IMAGE_TYPES, checkUploadedImage, type UploadedImage } from '../uploads/image-upload.js';
import { UploadedImageFile } from '../uploads/image-upload.interceptor.js';
import { ApiImageResponse, ImageUploadRoute } from '../uploads/image-upload-route.decorator.js';

export const PROFILE_PICTURE_FIELD = 'profilePicture';

const USERNAME_PARAM_MAX = 100;

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Users and their profiles. Reads tell identity who asks when signed in (privacy); writes need a
 * session and identity decides ownership (403 'You can only change your own profile').
 * Static paths (search, by-username) come before /users/:id, which would otherwise take them.
 */
@ApiTags('users')
@Controller('users')
@OptionalAuth()
export class UsersController {
  constructor(private readonly clients: ServiceClients) {}

  @Get()
  @ApiOperation({ summary: 'Users, a page at a time' })
  @ApiOkResponse({ type: [UserSummarySchema] })
  @ApiErrors(400)
  list(@Query() query: PagingQuery, @Origin() origin: CallOrigin): Promise<UserSummaryDto[]> {
    return this.clients
      .for('identity')
      .call('users.list', { limit: query.limit, offset: query.offset }, origin);
  }

  @Get('search')
  @ApiOperation({ summary: 'Users whose name or username contains the text (case-insensitive)' })
  @ApiOkResponse({ type: [UserSummarySchema] })
  @ApiErrors(400)
  search(@Query() query: SearchUsersQuery, @Origin() origin: CallOrigin): Promise<UserSummaryDto[]> {
    return this.clients
      .for('identity')
      .call(
        'users.search',
        { query: query.username ?? '', limit: query.limit, offset: query.offset },
        origin,
      );
  }

  @Get('by-username/:username')
  @ApiOperation({ summary: 'A user by username (case-insensitive)' })
  @ApiOkResponse({ type: UserSchema })
  @ApiErrors(404)
  async byUsername(@Param('username') username: string, @Origin() origin: CallOrigin): Promise<UserDto> {
    return this.clients
      .for('identity')
      .call('users.getByUsername', { username: username.trim().slice(0, USERNAME_PARAM_MAX) }, origin);
  }

  @Get(':id')
  @ApiOperation({ summary: 'A user by id' })
  @ApiOkResponse({ type: UserSchema })
  @ApiErrors(400, 404)
  @Header('Content-Type', JSON_CONTENT_TYPE)
  get(@Param('id', PositiveIntPipe) id: number, @Origin() origin: CallOrigin): Promise<JsonText<UserDto>> {
    // Identity's JSON text is the answer: parsing it and writing it again would change nothing.
    return this.clients.for('identity').callJson('users.get', { id }, origin);
  }

  @Patch(':id')
  @RequireAuth()
  @ApiCookieAuth()
  @ApiOperation({ summary: 'Change name, bio or privacy of your own profile' })
  @ApiOkResponse({ type: UserSchema })
  @ApiErrors(400, 401, 403, 404)
  update(
    @Param('id', PositiveIntPipe) id: number,
    @Body() body: UpdateUserDto,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<UserDto> {
    return this.clients.for('identity').call('users.update', { id, ...body }, origin);
  }

  @Post(':id/toggle-privacy')
  @HttpCode(200)
  @RequireAuth()
  @ApiCookieAuth()
  @ApiOperation({ summary: 'Make a profile private or public again (owner or admin)' })
  @ApiOkResponse({ type: TogglePrivacySchema })
  @ApiErrors(400, 401, 403, 404)
  togglePrivacy(
    @Param('id', PositiveIntPipe) id: number,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<TogglePrivacyResponse> {
    return this.clients.for('identity').call('users.togglePrivacy', { id }, origin);
  }

  @Post(':id/profile-picture')
  @HttpCode(200)
  @RequireAuth()
  @ImageUploadRoute(PROFILE_PICTURE_FIELD)
  @ApiCookieAuth()
  @ApiOperation({
    summary: 'Upload your profile picture (JPEG, PNG, GIF or WebP, at most 5 MB, checked by content)',
  })
  @ApiOkResponse({ type: ProfilePictureSchema })
  @ApiErrors(400, 401, 403, 413, 415)
  async uploadPicture(
    @Param('id', PositiveIntPipe) id: number,
    @UploadedImageFile() file: UploadedImage | undefined,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<ProfilePictureResponse> {
    const image = await checkUploadedImage(file);
    return this.clients
      .for('identity')
      .call(
        'users.setPicture',
        { id, contentType: image.contentType, dataBase64: image.buffer.toString('base64') },
        origin,
      );
  }

  @Get(':id/profile-picture')
  @ApiOperation({ summary: "A user's profile picture (cache forever with ?v=)" })
  @ApiParam({ name: 'id', type: Number })
  @ApiQuery({ name: 'v', required: false, description: 'Picture version from the profilePicture URL' })
  @ApiImageResponse(ALLOWED_IMAGE_TYPES)
  @ApiErrors(400, 404)
  async picture(
    @Param('id', PositiveIntPipe) id: number,
    @Query('v') version: unknown,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Origin() origin: CallOrigin,
    @Res() res: FastifyReply,
  ): Promise<void> {
    // identity compares the tag first, so an unchanged picture is never read from the database.
    const picture = await this.clients.for('identity').call('users.getPicture', { id, ifNoneMatch }, origin);
    const etag = quoteEtag(picture.etag);
    res.header('ETag', etag);
    res.header('Cache-Control', pictureCacheControl(typeof version === 'string' && version !== ''));
    if (picture.notModified || etagMatches(ifNoneMatch, etag)) {
      await res.code(304).send();
      return;
    }
    const bytes = Buffer.from(picture.dataBase64, 'base64');
    await res.code(200).type(servedContentType(picture.contentType)).send(bytes);
  }
}
