import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBody, ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AdminAppealSchema,
  AppealListQuery,
  AppealSchema,
  AuditEntrySchema,
  AuditLogListQuery,
  MessageContextSchema,
  ContentReportSchema,
  DecideAppealDto,
  DecisionDto,
  MessageResponseSchema,
  PagingQuery,
  ReportListQuery,
  ReportListSchema,
  ReportedMessageSchema,
} from '@dinebuds/api-dto';
import type {
  AdminAppealDto,
  AppealDto,
  AuditEntryDto,
  ContentReportDto,
  MessageContextDto,
  MessageResponse,
  ModerationPattern,
  ModerationRpc,
  ReportListDto,
  ReportedMessageDto,
} from '@dinebuds/contracts';
import { RequireAuth, SignedInOrigin } from '../auth/auth.decorators.js';
import { ApiErrors } from '../common/api-errors.decorator.js';
import { PositiveIntPipe } from '../common/positive-int.pipe.js';
import { ServiceClients } from '../upstream/service-clients.js';
import { assertAdmin } from '@dinebuds/errors';

/**
 * The admin panel's moderation routes (docs/api-moderation.md): content reports, the
 * reported-message queue and the audit log. Admins only: 401 anonymous, 403 for anyone else.
 */
@ApiTags('admin')
@ApiCookieAuth()
@Controller('admin')
@RequireAuth()
export class ModerationAdminController {
  constructor(private readonly clients: ServiceClients) {}

  /** Every route here: 403 unless an admin (moderation checks again), then moderation's answer. */
  private asAdmin<P extends ModerationPattern>(
    origin: SignedInOrigin,
    pattern: P,
    request: ModerationRpc[P]['request'],
  ): Promise<ModerationRpc[P]['response']> {
    assertAdmin(origin.caller);
    return this.clients.for('moderation').call(pattern, request, origin);
  }

  @Get('reports')
  @ApiOperation({
    summary: 'Content reports, newest first, with the count of every tab (admins)',
    description:
      'status: all (default), pending, resolved or dismissed; counts are of every report whatever the filter.',
  })
  @ApiOkResponse({ type: ReportListSchema })
  @ApiErrors(400, 401, 403)
  reports(@Query() query: ReportListQuery, @SignedInOrigin() origin: SignedInOrigin): Promise<ReportListDto> {
    return this.asAdmin(origin, 'reports.list', { status: query.status });
  }

  @Post('reports/:id/resolve')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Resolve a pending report (admins)',
    description:
      'Recorded in the audit log with the optional reason; publishes moderation.report.resolved. 409 unless pending.',
  })
  @ApiBody({ type: DecisionDto, required: false })
  @ApiOkResponse({ type: ContentReportSchema })
  @ApiErrors(400, 401, 403, 404, 409)
  resolve(
    @Param('id', PositiveIntPipe) id: number,
    @Body() body: DecisionDto,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<ContentReportDto> {
    return this.asAdmin(origin, 'reports.resolve', { reportId: id, reason: body.reason });
  }

  @Post('reports/:id/dismiss')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Dismiss a pending report (admins)',
    description:
      'Recorded in the audit log with the optional reason; publishes moderation.report.dismissed. 409 unless pending.',
  })
  @ApiBody({ type: DecisionDto, required: false })
  @ApiOkResponse({ type: ContentReportSchema })
  @ApiErrors(400, 401, 403, 404, 409)
  dismiss(
    @Param('id', PositiveIntPipe) id: number,
    @Body() body: DecisionDto,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<ContentReportDto> {
    return this.asAdmin(origin, 'reports.dismiss', { reportId: id, reason: body.reason });
  }

  @Get('messages/reported')
  @ApiOperation({ summary: 'Reported messages waiting for an admin, newest report first (admins)' })
  @ApiOkResponse({ type: [ReportedMessageSchema] })
  @ApiErrors(400, 401, 403)
  reportedMessages(
    @Query() query: PagingQuery,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<ReportedMessageDto[]> {
    return this.asAdmin(origin, 'reportedMessages.list', query);
  }

  @Post('messages/:id/dismiss')
  @HttpCode(200)
  @ApiOperation({
    summary: "Dismiss a message's report: it leaves the queue (admins)",
    description:
      'id is the message id from the list. Recorded in the audit log with the optional reason. 409 when already dismissed.',
  })
  @ApiBody({ type: DecisionDto, required: false })
  @ApiOkResponse({ type: MessageResponseSchema })
  @ApiErrors(400, 401, 403, 404, 409)
  dismissMessage(
    @Param('id', PositiveIntPipe) id: number,
    @Body() body: DecisionDto,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<MessageResponse> {
    return this.asAdmin(origin, 'reportedMessages.dismiss', { messageId: id, reason: body.reason });
  }

  @Post('appeals/:id/decide')
  @HttpCode(200)
  @ApiOperation({
    summary: "Decide a person's appeal: upheld (the decision stands) or overturned (admins)",
    description:
      'The appeal id is on its report in GET /api/admin/reports. Audited with the optional reason. 409 once decided.',
  })
  @ApiOkResponse({ type: AppealSchema })
  @ApiErrors(400, 401, 403, 404, 409)
  decideAppeal(
    @Param('id', PositiveIntPipe) id: number,
    @Body() body: DecideAppealDto,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<AppealDto> {
    return this.asAdmin(origin, 'appeals.decide', {
      appealId: id,
      outcome: body.outcome,
      reason: body.reason,
    });
  }

  @Get('messages/:id/conversation')
  @ApiOperation({
    summary: 'The conversation around a message: a few messages before and after it, oldest first (admins)',
    description:
      "id is the message id (e.g. a reported message's from GET /api/admin/messages/reported). " +
      'Messages are as the receiver of that message sees them (its report shows on it). 404 for no such message.',
  })
  @ApiOkResponse({ type: MessageContextSchema })
  @ApiErrors(400, 401, 403, 404)
  messageContext(
    @Param('id', PositiveIntPipe) id: number,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<MessageContextDto> {
    assertAdmin(origin.caller);
    return this.clients.for('messaging').call('admin.messageContext', { messageId: id }, origin);
  }

  @Get('appeals')
  @ApiOperation({
    summary: 'Appeals of decisions (resolved reports and removed content), newest first (admins)',
    description:
      'status: pending (default), upheld, overturned or all. Decide with POST /api/admin/appeals/{id}/decide.',
  })
  @ApiOkResponse({ type: [AdminAppealSchema] })
  @ApiErrors(400, 401, 403)
  appeals(
    @Query() query: AppealListQuery,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<AdminAppealDto[]> {
    return this.asAdmin(origin, 'appeals.list', { status: query.status });
  }

  @Get('audit-log')
  @ApiOperation({
    summary: 'Admin actions, newest first: who did what to whom, when and why (admins)',
    description:
      "Every service's admin actions. subjectUserId keeps only the actions concerning that person (the user detail's Activity Log).",
  })
  @ApiOkResponse({ type: [AuditEntrySchema] })
  @ApiErrors(400, 401, 403)
  auditLog(
    @Query() query: AuditLogListQuery,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<AuditEntryDto[]> {
    return this.asAdmin(origin, 'auditLog.list', query);
  }
}
