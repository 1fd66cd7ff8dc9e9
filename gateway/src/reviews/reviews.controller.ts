import type { CallOrigin } from '@dinebuds/service-client';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiBody,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import {
  ActivityQuery,
  ActivitySchema,
  CreateReviewDto,
  DeleteReviewBody,
  MessageResponseSchema,
  ReviewSchema,
  ReviewsByUserQuery,
  UpdateReviewBody,
} from '@dinebuds/api-dto';
import type { ActivityResponse, MessageResponse, ReviewDto } from '@dinebuds/contracts';
import { OptionalAuth, Origin, RequireAuth, SignedInOrigin } from '../auth/auth.decorators.js';
import { ApiErrors } from '../common/api-errors.decorator.js';
import { PositiveIntPipe } from '../common/positive-int.pipe.js';
import { ServiceClients } from '../upstream/service-clients.js';

/**
 * Reviews and a user's activity, forwarded to the reviews service, which decides per object who
 * may read (a private user's: the owner and approved followers) and who may change (the author).
 */
@ApiTags('reviews')
@Controller()
export class ReviewsController {
  constructor(private readonly clients: ServiceClients) {}

  @Get('reviews')
  @OptionalAuth()
  @ApiOperation({ summary: "A user's reviews, newest first" })
  @ApiOkResponse({ type: [ReviewSchema] })
  @ApiErrors(400, 403, 404, 429)
  byUser(@Query() query: ReviewsByUserQuery, @Origin() origin: CallOrigin): Promise<ReviewDto[]> {
    return this.clients.for('reviews').call('reviews.byUser', query, origin);
  }

  @Post('reviews')
  @RequireAuth()
  @ApiCookieAuth()
  @ApiOperation({ summary: 'Write a review (the restaurant is found or created from name and address)' })
  @ApiCreatedResponse({ type: ReviewSchema })
  @ApiErrors(400, 401, 403, 413, 415, 429)
  create(@Body() body: CreateReviewDto, @SignedInOrigin() origin: SignedInOrigin): Promise<ReviewDto> {
    return this.clients.for('reviews').call('reviews.create', body, origin);
  }

  @Patch('reviews/:id')
  @RequireAuth()
  @ApiCookieAuth()
  @ApiOperation({ summary: 'Edit your review: rating, notes, visit date, or its restaurant' })
  @ApiOkResponse({ type: ReviewSchema })
  @ApiErrors(400, 401, 403, 404, 413, 415, 429)
  update(
    @Param('id', PositiveIntPipe) id: number,
    @Body() body: UpdateReviewBody,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<ReviewDto> {
    return this.clients.for('reviews').call('reviews.update', { ...body, reviewId: id }, origin);
  }

  @Delete('reviews/:id')
  @HttpCode(200)
  @RequireAuth()
  @ApiCookieAuth()
  @ApiOperation({
    summary: "Delete your review, or (admins) anyone's",
    description:
      "An admin's deletion of someone else's review is recorded in the audit log with the optional reason.",
  })
  @ApiBody({ type: DeleteReviewBody, required: false })
  @ApiOkResponse({ type: MessageResponseSchema })
  @ApiErrors(400, 401, 403, 404, 415, 429)
  delete(
    @Param('id', PositiveIntPipe) id: number,
    @Body() body: DeleteReviewBody,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<MessageResponse> {
    return this.clients.for('reviews').call('reviews.delete', { reviewId: id, reason: body.reason }, origin);
  }

  @Get('activity')
  @OptionalAuth()
  @ApiOperation({ summary: "A user's reviews, saves and check-ins with the filter chips' counts" })
  @ApiOkResponse({ type: ActivitySchema })
  @ApiErrors(400, 403, 404, 429)
  activity(@Query() query: ActivityQuery, @Origin() origin: CallOrigin): Promise<ActivityResponse> {
    return this.clients.for('reviews').call('activity.ofUser', query, origin);
  }
}
