import { MODERATION_MESSAGES as M } from '@dinebuds/contracts';
import { conflict, notFound } from '@dinebuds/errors';

/** Only a reported message still waiting is dismissed, once (then it leaves the queue). */
export function assertDismissable<T extends { status: string }>(report: T | null): asserts report is T {
  if (!report) throw notFound(M.reportedMessageNotFound);
  if (report.status !== 'pending') throw conflict(M.reportedMessageDismissed);
}

/** A report from messaging joins the queue unless a person in it is gone (deleted). */
export function shouldQueue(senderDeleted: boolean, reporterDeleted: boolean): boolean {
  return !senderDeleted && !reporterDeleted;
}
