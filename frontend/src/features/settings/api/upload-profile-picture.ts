import { useMutation } from '@tanstack/react-query';
import type { ProfilePictureResponse } from '@dinebuds/contracts';
import { usePatchCurrentUser } from '@/features/auth';
import { api } from '@/lib/api';

export const uploadProfilePicture = (id: number, file: File) => {
  const form = new FormData();
  form.append('profilePicture', file);
  return api.post<ProfilePictureResponse>(`/api/users/${id}/profile-picture`, form);
};

export function useUploadProfilePicture(userId: number) {
  const patchUser = usePatchCurrentUser();
  return useMutation({
    mutationFn: (file: File) => uploadProfilePicture(userId, file),
    onSuccess: ({ profilePicture }) => patchUser({ profilePicture }),
  });
}
