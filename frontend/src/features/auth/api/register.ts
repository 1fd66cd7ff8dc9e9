import { useMutation } from '@tanstack/react-query';
import type { CurrentUserDto, RegisterRequest } from '@dinebuds/contracts';
import { api } from '@/lib/api';

export const register = (body: RegisterRequest) => api.post<CurrentUserDto>('/api/register', body);

export function useRegister() {
  return useMutation({ mutationFn: register });
}
