import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBody, ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AppealSchema,
  AuditEntrySchema,
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
  AppealDto,
  AuditEntryDto,
  Caller,
  ContentReportDto,
  MessageResponse,
  ReportListDto,
  ReportedMessageDto,
} from '@dinebuds/contracts';
import { CurrentCaller, RequireAuth } from '../auth/auth.decorators.js';
import { ApiErrors } from '../common/api-errors.decorator.js';
import { PositiveIntPipe } from '../common/positive-int.pipe.js';
import { ServiceClients } from '../upstream/service-clients.js';
import { assertAdmin } from './admin-only.js';

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

  @Get('reports')
  @ApiOperation({
    summary: 'Content reports, newest first, with the count of every tab (admins)',
    description:
      'status: all (default), pending, resolved or dismissed; counts are of every report whatever the filter.',
  })
  @ApiOkResponse({ type: ReportListSchema })
  @ApiErrors(400, 401, 403)
  reports(@Query() query: ReportListQuery, @CurrentCaller() caller: Caller): Promise<ReportListDto> {
    assertAdmin(caller);
    return this.clients.for('moderation').call('reports.list', { status: query.status }, caller);
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
    @CurrentCaller() caller: Caller,
  ): Promise<ContentReportDto> {
    assertAdmin(caller);
    return this.clients
      .for('moderation')
      .call('reports.resolve', { reportId: id, reason: body.reason }, caller);
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
    @CurrentCaller() caller: Caller,
  ): Promise<ContentReportDto> {
    assertAdmin(caller);
    return this.clients
      .for('moderation')
      .call('reports.dismiss', { reportId: id, reason: body.reason }, caller);
  }

  @Get('messages/reported')
  @ApiOperation({ summary: 'Reported messages waiting for an admin, newest report first (admins)' })
  @ApiOkResponse({ type: [ReportedMessageSchema] })
  @ApiErrors(400, 401, 403)
  reportedMessages(
    @Query() query: PagingQuery,
    @CurrentCaller() caller: Caller,
  ): Promise<ReportedMessageDto[]> {
    assertAdmin(caller);
    return this.clients.for('moderation').call('reportedMessages.list', query, caller);
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
    @CurrentCaller() caller: Caller,
  ): Promise<MessageResponse> {
    assertAdmin(caller);
    return this.clients
      .for('moderation')
      .call('reportedMessages.dismiss', { messageId: id, reason: body.reason }, caller);
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
    @CurrentCaller() caller: Caller,
  ): Promise<AppealDto> {
    assertAdmin(caller);
    return this.clients
      .for('moderation')
      .call('appeals.decide', { appealId: id, outcome: body.outcome, reason: body.reason }, caller);
  }

  @Get('audit-log')
  @ApiOperation({ summary: 'Admin actions, newest first: who did what to whom, when and why (admins)' })
  @ApiOkResponse({ type: [AuditEntrySchema] })
  @ApiErrors(400, 401, 403)
  auditLog(@Query() query: PagingQuery, @CurrentCaller() caller: Caller): Promise<AuditEntryDto[]> {
    assertAdmin(caller);
    return this.clients.for('moderation').call('auditLog.list', query, caller);
  }
}
