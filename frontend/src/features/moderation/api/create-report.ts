import { useMutation } from '@tanstack/react-query';
import type { ContentReportDto, ReportTargetType } from '@dinebuds/contracts';
import { api } from '@/lib/api';

export interface ReportTarget {
  type: ReportTargetType;
  /** The review's id, or the person's id. */
  contentId: number;
}

/** POST /api/reports: a review or a person reported, with the reason (required). */
export const createReport = ({ type, contentId, reason }: ReportTarget & { reason: string }) =>
  api.post<ContentReportDto>('/api/reports', { type, contentId, reason });

export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}
