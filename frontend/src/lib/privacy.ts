import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TogglePrivacyResponse } from '@dinebuds/contracts';
import { api } from './api';
import { usePatchCurrentUser } from './auth';
import { queryKeys } from './query-keys';

/** The Private Profile switch's call, shared by Settings and the Social screen's Requests tab. */
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
      void queryClient.invalidateQueries({ queryKey: queryKeys.followRequests(userId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.followers(userId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.following(userId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.followersCount(userId) });
    },
  });
}
