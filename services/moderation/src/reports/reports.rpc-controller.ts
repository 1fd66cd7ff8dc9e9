import { Controller } from '@nestjs/common';
import { CreateReportDto, ReportDecisionRpcRequest, ReportListQuery } from '@dinebuds/api-dto';
import type { Caller } from '@dinebuds/contracts';
import { RequiredCaller, RpcBody } from '@dinebuds/service-client';
import { Rpc, type RpcResult } from '@dinebuds/service-kit';
import { ReportsService } from './reports.service.js';

/** Content reports: made by any signed-in person, listed and decided by admins. */
@Controller('rpc')
export class ReportsRpcController {
  constructor(private readonly reports: ReportsService) {}

  @Rpc('reports.create')
  create(
    @RpcBody(CreateReportDto) body: CreateReportDto,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'reports.create'> {
    return this.reports.create(caller, body);
  }

  @Rpc('reports.list')
  list(
    @RpcBody(ReportListQuery) body: ReportListQuery,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'reports.list'> {
    return this.reports.list(caller, body.status);
  }

  @Rpc('reports.resolve')
  resolve(
    @RpcBody(ReportDecisionRpcRequest) body: ReportDecisionRpcRequest,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'reports.resolve'> {
    return this.reports.resolve(caller, body.reportId, body.reason);
  }

  @Rpc('reports.dismiss')
  dismiss(
    @RpcBody(ReportDecisionRpcRequest) body: ReportDecisionRpcRequest,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'reports.dismiss'> {
    return this.reports.dismiss(caller, body.reportId, body.reason);
  }
}
