import type { CallOrigin } from '@dinebuds/service-client';
import { Body, Controller, ForbiddenException, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CityBadgeSchema, FlavorBadgeSchema, SetCityBadgesDto, SetFlavorBadgesDto } from '@dinebuds/api-dto';
import type { Caller, CityBadgeDto, FlavorBadgeDto } from '@dinebuds/contracts';
import { OptionalAuth, Origin, RequireAuth, SignedInOrigin } from '../auth/auth.decorators.js';
import { ApiErrors } from '../common/api-errors.decorator.js';
import { PositiveIntPipe } from '../common/positive-int.pipe.js';
import { ServiceClients } from '../upstream/service-clients.js';

export const OWN_BADGES_ONLY = 'You can only change your own badges';

/** A non-admin may only replace their own badges; identity checks again. */
export function assertOwnBadges(caller: Caller, userId: number): void {
  if (caller.userId !== userId && !caller.isAdmin) throw new ForbiddenException(OWN_BADGES_ONLY);
}

/** Flavor and city badges: anyone may read them, the owner replaces them. */
@ApiTags('badges')
@Controller('users')
@OptionalAuth()
export class BadgesController {
  constructor(private readonly clients: ServiceClients) {}

  @Get(':id/flavor-badges')
  @ApiOperation({ summary: "A user's flavor badges" })
  @ApiOkResponse({ type: [FlavorBadgeSchema] })
  @ApiErrors(400, 404)
  flavor(@Param('id', PositiveIntPipe) id: number, @Origin() origin: CallOrigin): Promise<FlavorBadgeDto[]> {
    return this.clients.for('identity').call('badges.listFlavor', { userId: id }, origin);
  }

  @Get(':id/city-badges')
  @ApiOperation({ summary: "A user's city badges" })
  @ApiOkResponse({ type: [CityBadgeSchema] })
  @ApiErrors(400, 404)
  city(@Param('id', PositiveIntPipe) id: number, @Origin() origin: CallOrigin): Promise<CityBadgeDto[]> {
    return this.clients.for('identity').call('badges.listCity', { userId: id }, origin);
  }

  @Post('flavor-badges')
  @HttpCode(200)
  @RequireAuth()
  @ApiCookieAuth()
  @ApiOperation({ summary: 'Replace your flavor badges (at most 5; [] clears them)' })
  @ApiOkResponse({ type: [FlavorBadgeSchema] })
  @ApiErrors(400, 401, 403)
  setFlavor(
    @Body() body: SetFlavorBadgesDto,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<FlavorBadgeDto[]> {
    assertOwnBadges(origin.caller, body.userId);
    return this.clients.for('identity').call(
      'badges.setFlavor',
      {
        userId: body.userId,
        badges: body.badges.map((b) => ({ category: b.category, badgeId: b.badgeId })),
      },
      origin,
    );
  }

  @Post('city-badges')
  @HttpCode(200)
  @RequireAuth()
  @ApiCookieAuth()
  @ApiOperation({
    summary: 'Replace your city badges: `badges` (settings, at most 3) or `cities` (registration, at most 5)',
  })
  @ApiOkResponse({ type: [CityBadgeSchema] })
  @ApiErrors(400, 401, 403)
  setCity(@Body() body: SetCityBadgesDto, @SignedInOrigin() origin: SignedInOrigin): Promise<CityBadgeDto[]> {
    assertOwnBadges(origin.caller, body.userId);
    return this.clients.for('identity').call(
      'badges.setCity',
      {
        userId: body.userId,
        ...(body.badges && {
          badges: body.badges.map((b) => ({ city: b.city, ...(b.level && { level: b.level }) })),
        }),
        ...(body.cities && {
          cities: body.cities.map((c) => ({
            city: c.city,
            ...(c.reviewCount !== undefined && { reviewCount: c.reviewCount }),
          })),
        }),
      },
      origin,
    );
  }
}
