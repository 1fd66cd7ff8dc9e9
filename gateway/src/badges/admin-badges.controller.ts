import { Body, Controller, Get, NotFoundException, Param, Patch } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  AdminBadgeSchema,
  AdminBadgesSchema,
  CityTierSchema,
  RenameBadgeBody,
  SetTierThresholdBody,
} from '@dinebuds/api-dto';
import {
  BADGE_KINDS,
  BADGE_MESSAGES,
  CITY_TIER_LEVELS,
  type AdminBadgeDto,
  type AdminBadgesDto,
  type BadgeKind,
  type CityTierDto,
  type CityTierLevel,
} from '@dinebuds/contracts';
import { RequireAuth, SignedInOrigin } from '../auth/auth.decorators.js';
import { ApiErrors } from '../common/api-errors.decorator.js';
import { ServiceClients } from '../upstream/service-clients.js';
import { assertAdmin } from '@dinebuds/errors';

/**
 * The admin Badges tab (docs/api-admin-reviews.md), forwarded to identity: the badge catalogue with
 * holder counts, badge names and the CityBud tier thresholds. Admins only (403 here and in identity).
 */
@ApiTags('badges')
@ApiCookieAuth()
@Controller('admin/badges')
@RequireAuth()
export class AdminBadgesController {
  constructor(private readonly clients: ServiceClients) {}

  @Get()
  @ApiOperation({
    summary: 'The 12 flavor and 10 city badges with holder counts, and the 4 CityBud tiers (admins)',
  })
  @ApiOkResponse({ type: AdminBadgesSchema })
  @ApiErrors(401, 403, 429)
  catalogue(@SignedInOrigin() origin: SignedInOrigin): Promise<AdminBadgesDto> {
    assertAdmin(origin.caller);
    return this.clients.for('identity').call('badges.adminCatalogue', {}, origin);
  }

  @Patch('tiers/:level')
  @ApiOperation({
    summary: "Set a CityBud tier's minimum reviews (admins)",
    description:
      'A whole number of at least 1, strictly between the tiers below and above. Every city badge level is recomputed at once.',
  })
  @ApiParam({ name: 'level', enum: CITY_TIER_LEVELS })
  @ApiOkResponse({ type: [CityTierSchema] })
  @ApiErrors(400, 401, 403, 404, 415, 429)
  setTierThreshold(
    @Param('level') level: string,
    @Body() body: SetTierThresholdBody,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<CityTierDto[]> {
    assertAdmin(origin.caller);
    // An unknown level is a missing resource, not bad input.
    if (!(CITY_TIER_LEVELS as readonly string[]).includes(level))
      throw new NotFoundException(BADGE_MESSAGES.tierNotFound);
    return this.clients
      .for('identity')
      .call(
        'badges.setTierThreshold',
        { level: level as CityTierLevel, minReviews: body.minReviews },
        origin,
      );
  }

  @Patch(':kind/:id')
  @ApiOperation({ summary: 'Rename a badge of the catalogue (admins)' })
  @ApiParam({ name: 'kind', enum: BADGE_KINDS })
  @ApiParam({ name: 'id', description: "A flavor id ('sushi') or a city key ('new york')" })
  @ApiOkResponse({ type: AdminBadgeSchema })
  @ApiErrors(400, 401, 403, 404, 415, 429)
  rename(
    @Param('kind') kind: string,
    @Param('id') id: string,
    @Body() body: RenameBadgeBody,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<AdminBadgeDto> {
    assertAdmin(origin.caller);
    return this.clients
      .for('identity')
      .call('badges.rename', { kind: kind as BadgeKind, badgeId: id, name: body.name }, origin);
  }
}
