import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@dinebuds/contracts';
import { api } from '@/lib/api';
import { adminReviewsQueryKey } from './get-admin-reviews';
import { auditLogQueryKey } from './get-audit-log';

/** DELETE /api/reviews/{id}, one call per review (spec 2's calls); fails if any of them failed. */
export async function deleteReviews(ids: readonly number[]): Promise<void> {
  const results = await Promise.allSettled(
    ids.map((id) => api.delete<MessageResponse>(`/api/reviews/${id}`)),
  );
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

export function useDeleteReviews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReviews,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminReviewsQueryKey });
      void queryClient.invalidateQueries({ queryKey: auditLogQueryKey });
    },
  });
}
