import { Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  MessageResponseSchema,
  MutedUserSchema,
  MuteStatusSchema,
  SafetyStatusSchema,
} from '@dinebuds/api-dto';
import type {
  MessageResponse,
  MutedUserDto,
  MuteStatusResponse,
  SafetyStatusResponse,
} from '@dinebuds/contracts';
import { RequireAuth, SignedInOrigin } from '../auth/auth.decorators.js';
import { ApiErrors } from '../common/api-errors.decorator.js';
import { PositiveIntPipe } from '../common/positive-int.pipe.js';
import { ServiceClients } from '../upstream/service-clients.js';
import { assertActingForSelf } from './act-for-self.js';

/**
 * Safety tools beside block (docs/api-social.md): mute a person and remove a follower, always the
 * signed-in user's own, forwarded to social-graph. Neither tells the other person. Registered
 * before UsersController: its /users/:id would otherwise take /users/muted.
 */
@ApiTags('safety')
@ApiCookieAuth()
@Controller('users')
@RequireAuth()
export class SafetyController {
  constructor(private readonly clients: ServiceClients) {}

  @Get('muted')
  @ApiOperation({ summary: 'The people you muted, newest first' })
  @ApiOkResponse({ type: [MutedUserSchema] })
  @ApiErrors(401)
  muted(@SignedInOrigin() origin: SignedInOrigin): Promise<MutedUserDto[]> {
    return this.clients.for('social-graph').call('mutes.list', {}, origin);
  }

  @Get(':id/safety')
  @ApiOperation({
    summary: "Whether you muted this person and whether they follow you (their profile's menu)",
  })
  @ApiOkResponse({ type: SafetyStatusSchema })
  @ApiErrors(400, 401, 404)
  safetyStatus(
    @Param('id', PositiveIntPipe) id: number,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<SafetyStatusResponse> {
    return this.clients.for('social-graph').call('mutes.status', { mutedId: id }, origin);
  }

  @Post(':id/mute')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Mute a person (idempotent)',
    description:
      'Their reviews and activity leave your feed, check-ins, hotspots, stories, rankings and recommendations. ' +
      'Follows stay; they are not told and nothing they see changes.',
  })
  @ApiOkResponse({ type: MuteStatusSchema })
  @ApiErrors(400, 401, 404)
  mute(
    @Param('id', PositiveIntPipe) id: number,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<MuteStatusResponse> {
    return this.clients.for('social-graph').call('mutes.mute', { mutedId: id }, origin);
  }

  @Delete(':id/mute')
  @ApiOperation({ summary: 'Unmute a person (idempotent)' })
  @ApiOkResponse({ type: MuteStatusSchema })
  @ApiErrors(400, 401, 404)
  unmute(
    @Param('id', PositiveIntPipe) id: number,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<MuteStatusResponse> {
    return this.clients.for('social-graph').call('mutes.unmute', { mutedId: id }, origin);
  }

  @Delete(':id/followers/:followerId')
  @ApiOperation({
    summary: 'Remove a follower: their follow of you ends (they are not told)',
    description: '{id} is you. Removing someone who does not follow you answers the same.',
  })
  @ApiOkResponse({ type: MessageResponseSchema })
  @ApiErrors(400, 401, 403, 404)
  removeFollower(
    @Param('id', PositiveIntPipe) id: number,
    @Param('followerId', PositiveIntPipe) followerId: number,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<MessageResponse> {
    assertActingForSelf(origin.caller, id);
    return this.clients.for('social-graph').call('follows.removeFollower', { followerId }, origin);
  }
}
