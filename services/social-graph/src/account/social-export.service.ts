import { Injectable } from '@nestjs/common';
import type { Caller, SocialExport } from '@dinebuds/contracts';
import { Transactions } from '@dinebuds/service-kit';
import { SocialExportRepository } from './social-export.repository.js';

/** social-graph's part of a person's data export: follows both ways, requests and blocks. */
@Injectable()
export class SocialExportService {
  constructor(
    private readonly transactions: Transactions,
    private readonly exports: SocialExportRepository,
  ) {}

  async export(caller: Caller): Promise<SocialExport> {
    const me = caller.userId;
    return this.transactions.run(async (m) => {
      const edges = (table: 'follows' | 'follow_requests' | 'blocks', mine: string, other: string) =>
        this.exports.edges(m, table, mine, other, me);
      const since = ({ at, ...person }: Awaited<ReturnType<typeof edges>>[number]) => ({
        ...person,
        since: at.toISOString(),
      });
      const requested = ({ at, ...person }: Awaited<ReturnType<typeof edges>>[number]) => ({
        ...person,
        requestedAt: at.toISOString(),
      });
      return {
        following: (await edges('follows', 'follower_id', 'following_id')).map(since),
        followers: (await edges('follows', 'following_id', 'follower_id')).map(since),
        followRequestsSent: (await edges('follow_requests', 'requester_id', 'recipient_id')).map(requested),
        followRequestsReceived: (await edges('follow_requests', 'recipient_id', 'requester_id')).map(
          requested,
        ),
        blocked: (await edges('blocks', 'blocker_id', 'blocked_id')).map(since),
      };
    });
  }
}
