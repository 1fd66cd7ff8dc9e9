import { Controller } from '@nestjs/common';
import { AuditLogListQuery } from '@dinebuds/api-dto';
import type { Caller } from '@dinebuds/contracts';
import { RequiredCaller, RpcBody } from '@dinebuds/service-client';
import { Rpc, type RpcResult } from '@dinebuds/service-kit';
import { AuditLogService } from './audit-log.service.js';

/** The audit log (admins). */
@Controller('rpc')
export class AuditLogRpcController {
  constructor(private readonly auditLog: AuditLogService) {}

  @Rpc('auditLog.list')
  list(
    @RpcBody(AuditLogListQuery) body: AuditLogListQuery,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'auditLog.list'> {
    return this.auditLog.list(caller, body);
  }
}
