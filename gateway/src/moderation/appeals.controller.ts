import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { ApiCookieAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppealSchema, CreateAppealDto, ModerationDecisionSchema } from '@dinebuds/api-dto';
import type { AppealDto, ModerationDecisionDto } from '@dinebuds/contracts';
import { RequireAuth, SignedInOrigin } from '../auth/auth.decorators.js';
import { ApiErrors } from '../common/api-errors.decorator.js';
import { PositiveIntPipe } from '../common/positive-int.pipe.js';
import { ServiceClients } from '../upstream/service-clients.js';

/**
 * Transparent moderation (docs/api-moderation.md): what admins found against my content, with the
 * reason, and my one appeal of each decision. Always the signed-in person's own.
 */
@ApiTags('moderation')
@ApiCookieAuth()
@Controller('moderation')
@RequireAuth()
export class AppealsController {
  constructor(private readonly clients: ServiceClients) {}

  @Get('decisions')
  @ApiOperation({
    summary:
      'Content of mine an admin found against (resolved reports about my reviews or me, reviews of mine an admin removed), with my appeals',
  })
  @ApiOkResponse({ type: [ModerationDecisionSchema] })
  @ApiErrors(401)
  decisions(@SignedInOrigin() origin: SignedInOrigin): Promise<ModerationDecisionDto[]> {
    return this.clients.for('moderation').call('appeals.decisions', {}, origin);
  }

  @Post('decisions/:reportId/appeal')
  @ApiOperation({
    summary: 'Appeal a decision about my content, once',
    description: "404 unless it is a resolved report about the caller's content; 409 when already appealed.",
  })
  @ApiCreatedResponse({ type: AppealSchema })
  @ApiErrors(400, 401, 404, 409)
  appeal(
    @Param('reportId', PositiveIntPipe) reportId: number,
    @Body() body: CreateAppealDto,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<AppealDto> {
    return this.clients.for('moderation').call('appeals.create', { reportId, text: body.text }, origin);
  }

  @Post('actions/:auditEntryId/appeal')
  @ApiOperation({
    summary: 'Appeal an admin action against my content (a removed review), once',
    description:
      "auditEntryId is the decision's from GET /api/moderation/decisions. 404 unless the action was against the caller's content; 409 when already appealed.",
  })
  @ApiCreatedResponse({ type: AppealSchema })
  @ApiErrors(400, 401, 404, 409)
  appealAction(
    @Param('auditEntryId', PositiveIntPipe) auditEntryId: number,
    @Body() body: CreateAppealDto,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<AppealDto> {
    return this.clients
      .for('moderation')
      .call('appeals.createForAction', { auditEntryId, text: body.text }, origin);
  }
}
