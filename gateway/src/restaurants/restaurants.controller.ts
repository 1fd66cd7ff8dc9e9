import type { CallOrigin } from '@dinebuds/service-client';
import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  IsSavedSchema,
  MessageResponseSchema,
  RestaurantDetailSchema,
  RestaurantListItemSchema,
  RestaurantPhotoSchema,
  RestaurantsListQuery,
  SavedListQuery,
  SavedRestaurantSchema,
  SaveRestaurantDto,
  SaveRestaurantResultSchema,
  ToggleSaveSchema,
} from '@dinebuds/api-dto';
import type {
  IsSavedResponse,
  MessageResponse,
  RestaurantDetailDto,
  RestaurantListItemDto,
  RestaurantPhotoResponse,
  SavedRestaurantDto,
  SaveRestaurantResponse,
  ToggleSaveResponse,
} from '@dinebuds/contracts';
import type { FastifyReply } from 'fastify';
import { OptionalAuth, Origin, RequireAuth, SignedInOrigin } from '../auth/auth.decorators.js';
import { ApiErrors } from '../common/api-errors.decorator.js';
import { PositiveIntPipe } from '../common/positive-int.pipe.js';
import { ServiceClients } from '../upstream/service-clients.js';
import { etagMatches, servedContentType } from '../uploads/image-caching.js';
import { ALLOWED_IMAGE_TYPES, checkUploadedImage, type UploadedImage } from '../uploads/image-upload.js';
import { UploadedImageFile } from '../uploads/image-upload.interceptor.js';
import { ApiImageResponse, ImageUploadRoute } from '../uploads/image-upload-route.decorator.js';

export const RESTAURANT_PHOTO_FIELD = 'photo';
/** The placeholder is SVG we generate ourselves; uploads are one of the accepted image types. */
const PLACEHOLDER_TYPE = 'image/svg+xml';

/** Restaurants (public pages) and saved restaurants (your own), forwarded to the reviews service. */
@ApiTags('restaurants')
@Controller()
export class RestaurantsController {
  constructor(private readonly clients: ServiceClients) {}

  @Get('restaurants')
  @OptionalAuth()
  @ApiOperation({ summary: 'Restaurants (of a city), best rated first, with your saved flag' })
  @ApiOkResponse({ type: [RestaurantListItemSchema] })
  @ApiErrors(400, 429)
  list(@Query() query: RestaurantsListQuery, @Origin() origin: CallOrigin): Promise<RestaurantListItemDto[]> {
    return this.clients.for('reviews').call('restaurants.list', query, origin);
  }

  @Get('restaurants/:id')
  @OptionalAuth()
  @ApiOperation({ summary: 'A restaurant page: details, rating, mood tags and the reviews you may see' })
  @ApiOkResponse({ type: RestaurantDetailSchema })
  @ApiErrors(400, 404, 429)
  detail(
    @Param('id', PositiveIntPipe) id: number,
    @Origin() origin: CallOrigin,
  ): Promise<RestaurantDetailDto> {
    return this.clients.for('reviews').call('restaurants.detail', { restaurantId: id }, origin);
  }

  @Get('restaurants/:id/photo')
  @OptionalAuth()
  @ApiOperation({ summary: 'The uploaded photo, else a generated placeholder image (never an error image)' })
  @ApiQuery({ name: 'v', required: false, description: 'Photo version from the photoUrl' })
  @ApiImageResponse([...ALLOWED_IMAGE_TYPES, PLACEHOLDER_TYPE])
  @ApiErrors(400, 404, 429)
  async photo(
    @Param('id', PositiveIntPipe) id: number,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Origin() origin: CallOrigin,
    @Res() res: FastifyReply,
  ): Promise<void> {
    const photo = await this.clients.for('reviews').call('restaurants.photo', { restaurantId: id }, origin);
    res.header('ETag', photo.etag);
    // Short: an uploaded photo may replace the placeholder; the ETag makes revalidation cheap.
    res.header('Cache-Control', 'public, max-age=300');
    if (etagMatches(ifNoneMatch, photo.etag)) {
      await res.code(304).send();
      return;
    }
    const type =
      photo.contentType === PLACEHOLDER_TYPE ? PLACEHOLDER_TYPE : servedContentType(photo.contentType);
    await res.code(200).type(type).send(Buffer.from(photo.base64, 'base64'));
  }

  @Post('restaurants/:id/photo')
  @HttpCode(200)
  @RequireAuth()
  @ImageUploadRoute(RESTAURANT_PHOTO_FIELD)
  @ApiCookieAuth()
  @ApiOperation({
    summary:
      "Upload a restaurant's photo (JPEG, PNG, GIF or WebP, at most 5 MB, checked by content): " +
      'for people who reviewed it, and admins',
  })
  @ApiOkResponse({ type: RestaurantPhotoSchema })
  @ApiErrors(400, 401, 403, 404, 413, 415, 429)
  async uploadPhoto(
    @Param('id', PositiveIntPipe) id: number,
    @UploadedImageFile() file: UploadedImage | undefined,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<RestaurantPhotoResponse> {
    const image = await checkUploadedImage(file);
    return this.clients
      .for('reviews')
      .call(
        'restaurants.setPhoto',
        { restaurantId: id, dataBase64: image.buffer.toString('base64') },
        origin,
      );
  }

  @Post('restaurants/:id/toggle-save')
  @HttpCode(200)
  @RequireAuth()
  @ApiCookieAuth()
  @ApiOperation({ summary: 'Save or unsave a restaurant; answers the new state' })
  @ApiOkResponse({ type: ToggleSaveSchema })
  @ApiErrors(400, 401, 404, 415, 429)
  toggleSave(
    @Param('id', PositiveIntPipe) id: number,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<ToggleSaveResponse> {
    return this.clients.for('reviews').call('restaurants.toggleSave', { restaurantId: id }, origin);
  }

  @Get('restaurants/:id/is-saved')
  @RequireAuth()
  @ApiCookieAuth()
  @ApiOperation({ summary: 'Whether you saved a restaurant' })
  @ApiOkResponse({ type: IsSavedSchema })
  @ApiErrors(400, 401, 429)
  isSaved(
    @Param('id', PositiveIntPipe) id: number,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<IsSavedResponse> {
    return this.clients.for('reviews').call('restaurants.isSaved', { restaurantId: id }, origin);
  }

  @Get('saved-restaurants')
  @RequireAuth()
  @ApiCookieAuth()
  @ApiOperation({ summary: "Your saved restaurants, or another user's (?userId=) when you may see them" })
  @ApiOkResponse({ type: [SavedRestaurantSchema] })
  @ApiErrors(400, 401, 403, 404, 429)
  savedList(
    @Query() query: SavedListQuery,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<SavedRestaurantDto[]> {
    return this.clients.for('reviews').call('saved.list', query, origin);
  }

  @Post('saved-restaurants')
  @HttpCode(200)
  @RequireAuth()
  @ApiCookieAuth()
  @ApiOperation({ summary: 'Save a restaurant (unknown ids 100-999 need restaurantDetails)' })
  @ApiOkResponse({ type: SaveRestaurantResultSchema })
  @ApiErrors(400, 401, 404, 413, 415, 429)
  save(
    @Body() body: SaveRestaurantDto,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<SaveRestaurantResponse> {
    return this.clients.for('reviews').call('saved.save', body, origin);
  }

  @Delete('saved-restaurants/:restaurantId')
  @HttpCode(200)
  @RequireAuth()
  @ApiCookieAuth()
  @ApiOperation({ summary: 'Remove a restaurant from your saved list (idempotent)' })
  @ApiOkResponse({ type: MessageResponseSchema })
  @ApiErrors(400, 401, 404, 415, 429)
  unsave(
    @Param('restaurantId', PositiveIntPipe) restaurantId: number,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<MessageResponse> {
    return this.clients.for('reviews').call('saved.remove', { restaurantId }, origin);
  }
}
