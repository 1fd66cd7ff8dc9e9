import { useMutation } from '@tanstack/react-query';
import type { ProfilePictureResponse, UpdateUserRequest, UserDto } from '@dinebuds/contracts';
import { api } from '@/lib/api';
import { usePatchCurrentUser } from '@/lib/auth';

export const updateUser = (id: number, body: UpdateUserRequest) =>
  api.patch<UserDto>(`/api/users/${id}`, body);
export const uploadProfilePicture = (id: number, file: File) => {
  const form = new FormData();
  form.append('profilePicture', file);
  return api.post<ProfilePictureResponse>(`/api/users/${id}/profile-picture`, form);
};

export function useUpdateUser(userId: number) {
  const patchUser = usePatchCurrentUser();
  return useMutation({
    mutationFn: (body: UpdateUserRequest) => updateUser(userId, body),
    onSuccess: (user) => patchUser(user),
  });
}

export function useUploadProfilePicture(userId: number) {
  const patchUser = usePatchCurrentUser();
  return useMutation({
    mutationFn: (file: File) => uploadProfilePicture(userId, file),
    onSuccess: ({ profilePicture }) => patchUser({ profilePicture }),
  });
}
