import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TogglePrivacyResponse } from '@dinebuds/contracts';
import { usePatchCurrentUser } from '@/features/auth';
import { api } from '@/lib/api';
import { followCountQueryKey } from './get-follow-count';
import { followListQueryKey } from './get-follow-list';
import { followRequestsQueryKey } from './get-follow-requests';

/** The Private Profile switch's call (Settings and the Social screen's Requests tab). */
export const togglePrivacy = (id: number) =>
  api.post<TogglePrivacyResponse>(`/api/users/${id}/toggle-privacy`);

export function useTogglePrivacy(userId: number) {
  const queryClient = useQueryClient();
  const patchUser = usePatchCurrentUser();
  return useMutation({
    mutationFn: () => togglePrivacy(userId),
    onSuccess: ({ isPrivate }) => {
      patchUser({ isPrivate });
      // Who may see the lists, and what happens to pending requests, depend on privacy.
      void queryClient.invalidateQueries({ queryKey: followRequestsQueryKey(userId) });
      void queryClient.invalidateQueries({ queryKey: followListQueryKey('followers', userId) });
      void queryClient.invalidateQueries({ queryKey: followListQueryKey('following', userId) });
      void queryClient.invalidateQueries({ queryKey: followCountQueryKey('followers', userId) });
    },
  });
}
