import { Controller, Get, Query } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { FriendRecommendationSchema, RecommendationsQuery } from '@dinebuds/api-dto';
import type { FriendRecommendationDto } from '@dinebuds/contracts';
import { RequireAuth, SignedInOrigin } from '../auth/auth.decorators.js';
import { ApiErrors } from '../common/api-errors.decorator.js';
import { ServiceClients } from '../upstream/service-clients.js';

/**
 * Friend recommendations for the signed-in user, from social-graph. Registered before
 * UsersController: its /users/:id would otherwise take /users/recommended.
 */
@ApiTags('recommendations')
@ApiCookieAuth()
@Controller('users')
@RequireAuth()
export class RecommendationsController {
  constructor(private readonly clients: ServiceClients) {}

  @Get('recommended')
  @ApiOperation({
    summary:
      'Buds you may want to follow, each with a reason (followed by your buds, shared flavors or cities)',
  })
  @ApiOkResponse({ type: [FriendRecommendationSchema] })
  @ApiErrors(400, 401)
  list(
    @Query() query: RecommendationsQuery,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<FriendRecommendationDto[]> {
    return this.clients
      .for('social-graph')
      .call('recommendations.list', { ...(query.limit !== undefined && { limit: query.limit }) }, origin);
  }
}
