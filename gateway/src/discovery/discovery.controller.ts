import { Body, Controller, Get, Header, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCookieAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CheckInBody,
  CheckInSchema,
  CurrentCheckInSchema,
  FeedPageSchema,
  LiveHotspotSchema,
  PostStatusBody,
  StatusSchema,
  StorySchema,
  UnreviewedVisitSchema,
  FeedQuery,
  RankedRestaurantSchema,
  RankedRestaurantsQuery,
  RecommendationSchema,
  RestaurantRecommendationsQuery,
  RestaurantSearchItemSchema,
  RestaurantSearchQuery,
  TasteMatchSchema,
} from '@dinebuds/api-dto';
import type {
  CheckInDto,
  CurrentCheckInDto,
  FeedPageDto,
  JsonAnswer,
  LiveHotspotDto,
  StatusDto,
  StoryDto,
  UnreviewedVisitDto,
  RankedRestaurantDto,
  RecommendationDto,
  RestaurantSearchItemDto,
  TasteMatchDto,
} from '@dinebuds/contracts';
import { RequireAuth, SignedInOrigin } from '../auth/auth.decorators.js';
import { ApiErrors } from '../common/api-errors.decorator.js';
import { PositiveIntPipe } from '../common/positive-int.pipe.js';
import { JsonAnswerOut, type JsonAnswerReply } from '../http/json-answer.js';
import { ServiceClients } from '../upstream/service-clients.js';

/**
 * Discovery (docs/api-discovery.md), forwarded to the reviews service: what you see depends on
 * whom you follow, so every route is for a signed-in caller. Registered before
 * RestaurantsController so /restaurants/ranked and /restaurants/search are never read as an id.
 * The like and comment routes of check-ins and statuses are in post-reactions.controller.ts.
 */
/** The content type of the routes that send a service's JSON text on unparsed. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

@ApiTags('discovery')
@ApiCookieAuth()
@Controller()
export class DiscoveryController {
  constructor(private readonly clients: ServiceClients) {}

  @Get('restaurants/ranked')
  @RequireAuth()
  @ApiOperation({
    summary:
      "A city's restaurants ranked by the people you follow, each with its bud reviews and how the rank was computed",
  })
  @ApiOkResponse({ type: [RankedRestaurantSchema] })
  @ApiErrors(400, 401, 429)
  @Header('Content-Type', JSON_CONTENT_TYPE)
  async ranked(
    @Query() query: RankedRestaurantsQuery,
    @SignedInOrigin() origin: SignedInOrigin,
    @JsonAnswerOut() out: JsonAnswerReply,
  ): Promise<JsonAnswer<RankedRestaurantDto[]>> {
    // The service's answer (usually a stored snapshot, text or gzip) is sent on as it is.
    return out.send(
      await this.clients.for('reviews').callJsonAnswer('discovery.ranked', query, origin, out.acceptsGzip),
    );
  }

  @Get('restaurants/search')
  @RequireAuth()
  @ApiOperation({
    summary: "Restaurants by name, cuisine or address words (typos tolerated), your buds' favourites first",
  })
  @ApiOkResponse({ type: [RestaurantSearchItemSchema] })
  @ApiErrors(400, 401, 429)
  search(
    @Query() query: RestaurantSearchQuery,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<RestaurantSearchItemDto[]> {
    return this.clients.for('reviews').call('discovery.search', query, origin);
  }

  @Get('users/:id/taste-match')
  @RequireAuth()
  @ApiOperation({
    summary: 'Your taste match (0-100) with another person, from the restaurants you both reviewed',
  })
  @ApiOkResponse({ type: TasteMatchSchema })
  @ApiErrors(400, 401, 403, 404, 429)
  tasteMatch(
    @Param('id', PositiveIntPipe) id: number,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<TasteMatchDto> {
    return this.clients.for('reviews').call('discovery.tasteMatch', { userId: id }, origin);
  }

  @Get('recommendations')
  @RequireAuth()
  @ApiOperation({
    summary: "Up to 6 places you have not reviewed, from your buds' reviews, your reviews and your badges",
  })
  @ApiOkResponse({ type: [RecommendationSchema] })
  @ApiErrors(400, 401, 429)
  recommendations(
    @Query() query: RestaurantRecommendationsQuery,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<RecommendationDto[]> {
    return this.clients.for('reviews').call('discovery.recommendations', query, origin);
  }

  @Get('activity/feed')
  @RequireAuth()
  @ApiOperation({
    summary: 'Reviews, saves, check-ins and statuses of the people you follow, newest first, paged by cursor',
    description: 'A status has no restaurant (null) and no city: with ?city= statuses are left out.',
  })
  @ApiOkResponse({ type: FeedPageSchema })
  @ApiErrors(400, 401, 429)
  @Header('Content-Type', JSON_CONTENT_TYPE)
  async feed(
    @Query() query: FeedQuery,
    @SignedInOrigin() origin: SignedInOrigin,
    @JsonAnswerOut() out: JsonAnswerReply,
  ): Promise<JsonAnswer<FeedPageDto>> {
    return out.send(
      await this.clients.for('reviews').callJsonAnswer('discovery.feed', query, origin, out.acceptsGzip),
    );
  }

  @Get('live-hotspots')
  @RequireAuth()
  @ApiOperation({
    summary: 'Where the people you follow are checked in now, who they are and how busy each place is',
  })
  @ApiOkResponse({ type: [LiveHotspotSchema] })
  @ApiErrors(401, 429)
  hotspots(@SignedInOrigin() origin: SignedInOrigin): Promise<LiveHotspotDto[]> {
    return this.clients.for('reviews').call('discovery.hotspots', {}, origin);
  }

  @Post('check-ins')
  @RequireAuth()
  @ApiOperation({
    summary: 'Check in at a restaurant, with an optional status line; ends your previous check-in',
  })
  @ApiCreatedResponse({ type: CheckInSchema })
  @ApiErrors(400, 401, 404, 409, 413, 415, 429)
  checkIn(@Body() body: CheckInBody, @SignedInOrigin() origin: SignedInOrigin): Promise<CheckInDto> {
    return this.clients.for('reviews').call('checkIns.checkIn', body, origin);
  }

  @Post('check-ins/check-out')
  @HttpCode(200)
  @RequireAuth()
  @ApiOperation({ summary: 'Check out of your open check-in' })
  @ApiOkResponse({ type: CheckInSchema })
  @ApiErrors(401, 404, 413, 415, 429)
  checkOut(@SignedInOrigin() origin: SignedInOrigin): Promise<CheckInDto> {
    return this.clients.for('reviews').call('checkIns.checkOut', {}, origin);
  }

  @Get('check-ins/current')
  @RequireAuth()
  @ApiOperation({ summary: 'Your open check-in, or null' })
  @ApiOkResponse({ type: CurrentCheckInSchema })
  @ApiErrors(401, 429)
  current(@SignedInOrigin() origin: SignedInOrigin): Promise<CurrentCheckInDto> {
    return this.clients.for('reviews').call('checkIns.current', {}, origin);
  }

  @Get('activity/stories')
  @RequireAuth()
  @ApiOperation({
    summary: 'The stories strip: people you follow who reviewed or checked in during the last 24 hours',
  })
  @ApiOkResponse({ type: [StorySchema] })
  @ApiErrors(401, 429)
  stories(@SignedInOrigin() origin: SignedInOrigin): Promise<StoryDto[]> {
    return this.clients.for('reviews').call('discovery.stories', {}, origin);
  }

  @Get('check-ins/unreviewed')
  @RequireAuth()
  @ApiOperation({ summary: '"How was it?": your ended check-ins at places you have not reviewed since' })
  @ApiOkResponse({ type: [UnreviewedVisitSchema] })
  @ApiErrors(401, 429)
  unreviewed(@SignedInOrigin() origin: SignedInOrigin): Promise<UnreviewedVisitDto[]> {
    return this.clients.for('reviews').call('checkIns.unreviewed', {}, origin);
  }

  @Post('statuses')
  @RequireAuth()
  @ApiOperation({ summary: 'Share a status line without checking in (shown to you and your followers)' })
  @ApiCreatedResponse({ type: StatusSchema })
  @ApiErrors(400, 401, 413, 415, 429)
  postStatus(@Body() body: PostStatusBody, @SignedInOrigin() origin: SignedInOrigin): Promise<StatusDto> {
    return this.clients.for('reviews').call('statuses.post', body, origin);
  }

  @Get('statuses')
  @RequireAuth()
  @ApiOperation({ summary: "Your own and your buds' statuses, newest first (at most 50)" })
  @ApiOkResponse({ type: [StatusSchema] })
  @ApiErrors(401, 429)
  statuses(@SignedInOrigin() origin: SignedInOrigin): Promise<StatusDto[]> {
    return this.clients.for('reviews').call('statuses.buds', {}, origin);
  }
}
