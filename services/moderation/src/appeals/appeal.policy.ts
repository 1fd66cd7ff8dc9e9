import {
  APPEAL_OUTCOMES,
  MODERATION_MESSAGES as M,
  type AppealDto,
  type AppealOutcome,
  type AppealStatus,
} from '@dinebuds/contracts';
import { badRequest, conflict, notFound } from '@dinebuds/errors';

/**
 * Only the owner of content an admin found against (a resolved report) may appeal, once; anyone
 * else learns nothing of the decision (404).
 */
export function assertMayAppeal(
  userId: number,
  report: { status: string; contentOwnerId: number | null } | null,
  alreadyAppealed: boolean,
): void {
  if (!report || report.status !== 'resolved' || report.contentOwnerId !== userId)
    throw notFound(M.decisionNotFound);
  if (alreadyAppealed) throw conflict(M.appealOnce);
}

/** An appeal is decided once: upheld (the decision stands) or overturned. */
export function planAppealOutcome(appeal: { status: string } | null, outcome: string): AppealOutcome {
  if (!(APPEAL_OUTCOMES as readonly string[]).includes(outcome)) throw badRequest(M.appealOutcome);
  if (!appeal) throw notFound(M.appealNotFound);
  if (appeal.status !== 'pending') throw conflict(M.appealDecided);
  return outcome as AppealOutcome;
}

export function toAppealDto(row: {
  id: number;
  reportId: number;
  userId: number;
  text: string;
  status: string;
  createdAt: Date;
  decidedAt: Date | null;
  decisionReason: string | null;
}): AppealDto {
  return {
    id: row.id,
    reportId: row.reportId,
    userId: row.userId,
    text: row.text,
    status: row.status as AppealStatus,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    decisionReason: row.decisionReason,
  };
}
