import { useMutation } from '@tanstack/react-query';
import type { UpdateUserRequest, UserDto } from '@dinebuds/contracts';
import { usePatchCurrentUser } from '@/features/auth';
import { api } from '@/lib/api';

export const updateUser = (id: number, body: UpdateUserRequest) =>
  api.patch<UserDto>(`/api/users/${id}`, body);

export function useUpdateUser(userId: number) {
  const patchUser = usePatchCurrentUser();
  return useMutation({
    mutationFn: (body: UpdateUserRequest) => updateUser(userId, body),
    onSuccess: (user) => patchUser(user),
  });
}
