import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { BlockDto, BlockedUserSchema, MessageResponseSchema } from '@dinebuds/api-dto';
import type { BlockedUserDto, MessageResponse } from '@dinebuds/contracts';
import { RequireAuth, SignedInOrigin } from '../auth/auth.decorators.js';
import { ApiErrors } from '../common/api-errors.decorator.js';
import { PositiveIntPipe } from '../common/positive-int.pipe.js';
import { ServiceClients } from '../upstream/service-clients.js';

/**
 * Blocks: always the signed-in user's own (the blocker is the caller), forwarded to social-graph.
 * Registered before UsersController: its /users/:id would otherwise take /users/blocked.
 */
@ApiTags('blocks')
@ApiCookieAuth()
@Controller('users')
@RequireAuth()
export class BlocksController {
  constructor(private readonly clients: ServiceClients) {}

  @Get('blocked')
  @ApiOperation({ summary: 'The users you have blocked' })
  @ApiOkResponse({ type: [BlockedUserSchema] })
  @ApiErrors(401)
  list(@SignedInOrigin() origin: SignedInOrigin): Promise<BlockedUserDto[]> {
    return this.clients.for('social-graph').call('blocks.list', {}, origin);
  }

  @Post('block')
  @HttpCode(200)
  @ApiOperation({ summary: 'Block a user: ends follows and requests both ways and stops new ones' })
  @ApiOkResponse({ type: BlockedUserSchema })
  @ApiErrors(400, 401, 404)
  block(@Body() body: BlockDto, @SignedInOrigin() origin: SignedInOrigin): Promise<BlockedUserDto> {
    return this.clients.for('social-graph').call('blocks.block', { blockedId: body.blockedId }, origin);
  }

  @Post('unblock')
  @HttpCode(200)
  @ApiOperation({ summary: 'Unblock a user' })
  @ApiOkResponse({ type: MessageResponseSchema })
  @ApiErrors(400, 401, 404)
  unblock(@Body() body: BlockDto, @SignedInOrigin() origin: SignedInOrigin): Promise<MessageResponse> {
    return this.clients.for('social-graph').call('blocks.unblock', { blockedId: body.blockedId }, origin);
  }

  @Delete('block/:blockedId')
  @ApiOperation({ summary: 'Unblock a user (same as POST /users/unblock)' })
  @ApiOkResponse({ type: MessageResponseSchema })
  @ApiErrors(400, 401, 404)
  remove(
    @Param('blockedId', PositiveIntPipe) blockedId: number,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<MessageResponse> {
    return this.clients.for('social-graph').call('blocks.unblock', { blockedId }, origin);
  }
}
