import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBody,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import {
  DecisionDto,
  FeedbackListQuery,
  FeedbackPageSchema,
  FeedbackSchema,
  SubmitFeedbackDto,
} from '@dinebuds/api-dto';
import type { FeedbackDto, FeedbackPageDto } from '@dinebuds/contracts';
import { RequireAuth, SignedInOrigin } from '../auth/auth.decorators.js';
import { ApiErrors } from '../common/api-errors.decorator.js';
import { PositiveIntPipe } from '../common/positive-int.pipe.js';
import { ServiceClients } from '../upstream/service-clients.js';
import { assertAdmin } from '@dinebuds/errors';

/**
 * Feedback (docs/api-moderation.md), forwarded to moderation: any signed-in person sends it; only
 * admins list and resolve it (403 for anyone else, here and in moderation).
 */
@ApiTags('moderation')
@ApiCookieAuth()
@Controller('feedback')
@RequireAuth()
export class FeedbackController {
  constructor(private readonly clients: ServiceClients) {}

  @Post()
  @ApiOperation({ summary: 'Send feedback (Share Your Feedback): suggestion, bug, compliment or other' })
  @ApiCreatedResponse({ type: FeedbackSchema })
  @ApiErrors(400, 401)
  submit(@Body() body: SubmitFeedbackDto, @SignedInOrigin() origin: SignedInOrigin): Promise<FeedbackDto> {
    return this.clients.for('moderation').call('feedback.submit', body, origin);
  }

  @Get()
  @ApiOperation({
    summary: 'One page of feedback, newest first, with the count of every type tab (admins)',
    description:
      'Filter by type (the /feedback tabs) and by resolved or pending; limit (default 20) and offset page it. ' +
      'counts are per type of the status filter, whatever the type filter; total is how many match both.',
  })
  @ApiOkResponse({ type: FeedbackPageSchema })
  @ApiErrors(400, 401, 403)
  list(
    @Query() query: FeedbackListQuery,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<FeedbackPageDto> {
    assertAdmin(origin.caller);
    return this.clients.for('moderation').call('feedback.list', query, origin);
  }

  @Put(':id/resolve')
  @ApiOperation({
    summary: 'Mark feedback resolved (admins; no way back)',
    description: 'The optional reason is kept in the audit log. 409 when it is already resolved.',
  })
  @ApiBody({ type: DecisionDto, required: false })
  @ApiOkResponse({ type: FeedbackSchema })
  @ApiErrors(400, 401, 403, 404, 409)
  resolve(
    @Param('id', PositiveIntPipe) id: number,
    @Body() body: DecisionDto,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<FeedbackDto> {
    assertAdmin(origin.caller);
    return this.clients
      .for('moderation')
      .call('feedback.resolve', { feedbackId: id, reason: body.reason }, origin);
  }
}
