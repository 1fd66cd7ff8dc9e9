import { Body, Controller, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  MergeRestaurantsBody,
  MergeRestaurantsSchema,
  RestaurantDetailSchema,
  UpdateRestaurantDetailsBody,
} from '@dinebuds/api-dto';
import type { MergeRestaurantsResponse, RestaurantDetailDto } from '@dinebuds/contracts';
import { RequireAuth, SignedInOrigin } from '../auth/auth.decorators.js';
import { ApiErrors } from '../common/api-errors.decorator.js';
import { PositiveIntPipe } from '../common/positive-int.pipe.js';
import { ServiceClients } from '../upstream/service-clients.js';
import { assertAdmin } from '@dinebuds/errors';

/**
 * Admins' restaurant routes (docs/api-restaurants.md), forwarded to reviews: 401 anonymous, 403 for
 * anyone else (checked here and again by reviews). Each is recorded in the audit log.
 */
@ApiTags('restaurants')
@ApiCookieAuth()
@Controller('restaurants')
@RequireAuth()
export class RestaurantsAdminController {
  constructor(private readonly clients: ServiceClients) {}

  @Patch(':id')
  @ApiOperation({
    summary: "Edit a restaurant's cuisine, price range, category, phone and website (admins)",
    description: 'A missing field stays; null or "" clears it. Answers the restaurant page.',
  })
  @ApiOkResponse({ type: RestaurantDetailSchema })
  @ApiErrors(400, 401, 403, 404)
  update(
    @Param('id', PositiveIntPipe) id: number,
    @Body() body: UpdateRestaurantDetailsBody,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<RestaurantDetailDto> {
    assertAdmin(origin.caller);
    return this.clients
      .for('reviews')
      .call('restaurants.updateDetails', { ...body, restaurantId: id }, origin);
  }

  @Post(':id/merge')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Merge entry {id} into keepId, the entry kept for the same place (admins)',
    description:
      "{id}'s reviews, saves and check-ins move to keepId; a person with reviews at both keeps their newest. " +
      '{id} answers 404 afterwards.',
  })
  @ApiOkResponse({ type: MergeRestaurantsSchema })
  @ApiErrors(400, 401, 403, 404)
  merge(
    @Param('id', PositiveIntPipe) id: number,
    @Body() body: MergeRestaurantsBody,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<MergeRestaurantsResponse> {
    assertAdmin(origin.caller);
    return this.clients
      .for('reviews')
      .call('restaurants.merge', { restaurantId: id, keepId: body.keepId }, origin);
  }
}
