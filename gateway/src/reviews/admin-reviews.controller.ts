import { Controller, Get, Query } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminReviewListQuery, AdminReviewListSchema } from '@dinebuds/api-dto';
import type { AdminReviewListDto } from '@dinebuds/contracts';
import { RequireAuth, SignedInOrigin } from '../auth/auth.decorators.js';
import { ApiErrors } from '../common/api-errors.decorator.js';
import { ServiceClients } from '../upstream/service-clients.js';
import { assertAdmin } from '@dinebuds/errors';

/** The admin Reviews tab (docs/api-admin-reviews.md): admins only (403 here and in reviews). */
@ApiTags('reviews')
@ApiCookieAuth()
@Controller('admin/reviews')
@RequireAuth()
export class AdminReviewsController {
  constructor(private readonly clients: ServiceClients) {}

  @Get()
  @ApiOperation({
    summary: 'Every review with its restaurant and reviewer, newest first (admins)',
    description:
      "Search matches the restaurant's name, the reviewer's username or name, or the comment; total counts the matches, overall every review.",
  })
  @ApiOkResponse({ type: AdminReviewListSchema })
  @ApiErrors(400, 401, 403, 429)
  list(
    @Query() query: AdminReviewListQuery,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<AdminReviewListDto> {
    assertAdmin(origin.caller);
    return this.clients.for('reviews').call('reviews.adminList', query, origin);
  }
}
