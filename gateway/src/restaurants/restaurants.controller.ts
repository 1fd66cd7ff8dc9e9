import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { RestaurantsListQuery, SavedListQuery, SaveRestaurantDto } from '@dinebuds/api-dto';
import type {
  Caller,
  IsSavedResponse,
  MessageResponse,
  RestaurantDetailDto,
  RestaurantListItemDto,
  SavedRestaurantDto,
  SaveRestaurantResponse,
  ToggleSaveResponse,
} from '@dinebuds/contracts';
import type { FastifyReply } from 'fastify';
import { CurrentCaller, OptionalAuth, OptionalCaller, RequireAuth } from '../auth/auth.decorators.js';
import { ApiErrors } from '../common/api-errors.decorator.js';
import { PositiveIntPipe } from '../common/positive-int.pipe.js';
import { ServiceClients } from '../upstream/service-clients.js';

/** Restaurants (public pages) and saved restaurants (your own), forwarded to the reviews service. */
@ApiTags('restaurants')
@Controller()
export class RestaurantsController {
  constructor(private readonly clients: ServiceClients) {}

  @Get('restaurants')
  @OptionalAuth()
  @ApiOperation({ summary: 'Restaurants (of a city), best rated first, with your saved flag' })
  @ApiErrors(400)
  list(
    @Query() query: RestaurantsListQuery,
    @OptionalCaller() caller: Caller | null,
  ): Promise<RestaurantListItemDto[]> {
    return this.clients.reviews.call('restaurants.list', query, caller);
  }

  @Get('restaurants/:id')
  @OptionalAuth()
  @ApiOperation({ summary: 'A restaurant page: details, rating, mood tags and the reviews you may see' })
  @ApiErrors(400, 404)
  detail(
    @Param('id', PositiveIntPipe) id: number,
    @OptionalCaller() caller: Caller | null,
  ): Promise<RestaurantDetailDto> {
    return this.clients.reviews.call('restaurants.detail', { restaurantId: id }, caller);
  }

  @Get('restaurants/:id/photo')
  @OptionalAuth()
  @ApiOperation({ summary: 'The uploaded photo, else a generated placeholder image (never an error image)' })
  @ApiResponse({ status: 200, description: 'Image bytes with ETag' })
  @ApiErrors(400)
  async photo(
    @Param('id', PositiveIntPipe) id: number,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() res: FastifyReply,
  ): Promise<void> {
    const photo = await this.clients.reviews.call('restaurants.photo', { restaurantId: id });
    res.header('ETag', photo.etag);
    // Short: an uploaded photo may replace the placeholder; the ETag makes revalidation cheap.
    res.header('Cache-Control', 'public, max-age=300');
    if (ifNoneMatch === photo.etag) {
      await res.code(304).send();
      return;
    }
    await res.code(200).type(photo.contentType).send(Buffer.from(photo.base64, 'base64'));
  }

  @Post('restaurants/:id/toggle-save')
  @HttpCode(200)
  @RequireAuth()
  @ApiCookieAuth()
  @ApiOperation({ summary: 'Save or unsave a restaurant; answers the new state' })
  @ApiErrors(400, 401, 404)
  toggleSave(
    @Param('id', PositiveIntPipe) id: number,
    @CurrentCaller() caller: Caller,
  ): Promise<ToggleSaveResponse> {
    return this.clients.reviews.call('restaurants.toggleSave', { restaurantId: id }, caller);
  }

  @Get('restaurants/:id/is-saved')
  @RequireAuth()
  @ApiCookieAuth()
  @ApiOkResponse({ description: '{ isSaved }' })
  @ApiErrors(400, 401)
  isSaved(
    @Param('id', PositiveIntPipe) id: number,
    @CurrentCaller() caller: Caller,
  ): Promise<IsSavedResponse> {
    return this.clients.reviews.call('restaurants.isSaved', { restaurantId: id }, caller);
  }

  @Get('saved-restaurants')
  @RequireAuth()
  @ApiCookieAuth()
  @ApiOperation({ summary: "Your saved restaurants, or another user's (?userId=) when you may see them" })
  @ApiErrors(400, 401, 403, 404)
  savedList(@Query() query: SavedListQuery, @CurrentCaller() caller: Caller): Promise<SavedRestaurantDto[]> {
    return this.clients.reviews.call('saved.list', query, caller);
  }

  @Post('saved-restaurants')
  @HttpCode(200)
  @RequireAuth()
  @ApiCookieAuth()
  @ApiOperation({ summary: 'Save a restaurant (unknown ids 100-999 need restaurantDetails)' })
  @ApiErrors(400, 401, 404)
  save(@Body() body: SaveRestaurantDto, @CurrentCaller() caller: Caller): Promise<SaveRestaurantResponse> {
    return this.clients.reviews.call('saved.save', body, caller);
  }

  @Delete('saved-restaurants/:restaurantId')
  @HttpCode(200)
  @RequireAuth()
  @ApiCookieAuth()
  @ApiOperation({ summary: 'Remove a restaurant from your saved list (idempotent)' })
  @ApiErrors(400, 401)
  unsave(
    @Param('restaurantId', PositiveIntPipe) restaurantId: number,
    @CurrentCaller() caller: Caller,
  ): Promise<MessageResponse> {
    return this.clients.reviews.call('saved.remove', { restaurantId }, caller);
  }
}
