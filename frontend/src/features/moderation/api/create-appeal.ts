import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppealDto, ModerationDecisionDto } from '@dinebuds/contracts';
import { api } from '@/lib/api';
import { decisionsQueryKey } from './get-decisions';

/**
 * An appeal goes where its decision came from: a resolved report
 * (POST /api/moderation/decisions/{reportId}/appeal) or an admin action such as a removed review
 * (POST /api/moderation/actions/{auditEntryId}/appeal).
 */
export const createAppeal = ({ decision, text }: { decision: ModerationDecisionDto; text: string }) =>
  api.post<AppealDto>(
    decision.reportId !== null
      ? `/api/moderation/decisions/${decision.reportId}/appeal`
      : `/api/moderation/actions/${decision.auditEntryId}/appeal`,
    { text },
  );

export function useCreateAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAppeal,
    onSettled: () => queryClient.invalidateQueries({ queryKey: decisionsQueryKey }),
  });
}
