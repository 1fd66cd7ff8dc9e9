import { Controller } from '@nestjs/common';
import type { Caller } from '@dinebuds/contracts';
import { RequiredCaller } from '@dinebuds/service-client';
import { Rpc, Transactions, type RpcResult } from '@dinebuds/service-kit';
import { ModerationExportRepository } from './moderation-export.repository.js';

/** moderation's part of a person's data export. */
@Controller('rpc')
export class ModerationExportRpcController {
  constructor(
    private readonly transactions: Transactions,
    private readonly exports: ModerationExportRepository,
  ) {}

  @Rpc('feedback.export')
  export(@RequiredCaller() caller: Caller): RpcResult<'feedback.export'> {
    const me = caller.userId;
    return this.transactions.run(async (m) => ({
      feedback: await this.exports.feedback(m, me),
      reportsFiled: await this.exports.reportsFiled(m, me),
      appeals: await this.exports.appeals(m, me),
    }));
  }
}
