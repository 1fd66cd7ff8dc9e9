import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserDto } from '@dinebuds/contracts';
import { togglePrivacy } from '@/features/social';
import { userByUsernameQueryKey } from './get-user-by-username';

/**
 * An admin's Toggle Privacy on someone else's profile (spec 1 §2; the server lets the owner or an
 * admin): the shown profile takes the server's answer.
 */
export function useToggleUserPrivacy(user: UserDto) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => togglePrivacy(user.id),
    onSuccess: ({ isPrivate }) =>
      queryClient.setQueryData<UserDto>(userByUsernameQueryKey(user.username), (shown) =>
        shown ? { ...shown, isPrivate } : shown,
      ),
  });
}
