import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CurrentUserDto,
  ProfilePictureResponse,
  TogglePrivacyResponse,
  UpdateUserRequest,
  UserDto,
} from '@dinebuds/contracts';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const updateUser = (id: number, body: UpdateUserRequest) =>
  api.patch<UserDto>(`/api/users/${id}`, body);
export const togglePrivacy = (id: number) =>
  api.post<TogglePrivacyResponse>(`/api/users/${id}/toggle-privacy`);
export const uploadProfilePicture = (id: number, file: File) => {
  const form = new FormData();
  form.append('profilePicture', file);
  return api.post<ProfilePictureResponse>(`/api/users/${id}/profile-picture`, form);
};

/** Writes a change into the session user and drops stale copies of the public profile. */
function usePatchCurrentUser() {
  const queryClient = useQueryClient();
  return (patch: Partial<CurrentUserDto>) => {
    queryClient.setQueryData<CurrentUserDto | null>(queryKeys.currentUser, (user) =>
      user ? { ...user, ...patch } : user,
    );
    void queryClient.invalidateQueries({ queryKey: queryKeys.users });
  };
}

export function useUpdateUser(userId: number) {
  const patchUser = usePatchCurrentUser();
  return useMutation({
    mutationFn: (body: UpdateUserRequest) => updateUser(userId, body),
    onSuccess: (user) => patchUser(user),
  });
}

export function useTogglePrivacy(userId: number) {
  const patchUser = usePatchCurrentUser();
  return useMutation({
    mutationFn: () => togglePrivacy(userId),
    onSuccess: ({ isPrivate }) => patchUser({ isPrivate }),
  });
}

export function useUploadProfilePicture(userId: number) {
  const patchUser = usePatchCurrentUser();
  return useMutation({
    mutationFn: (file: File) => uploadProfilePicture(userId, file),
    onSuccess: ({ profilePicture }) => patchUser({ profilePicture }),
  });
}
