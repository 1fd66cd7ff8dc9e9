import { useMutation } from '@tanstack/react-query';
import type { CurrentUserDto, LoginRequest } from '@dinebuds/contracts';
import { api } from '@/lib/api';

export const login = (body: LoginRequest) => api.post<CurrentUserDto>('/api/login', body);

export function useLogin() {
  return useMutation({ mutationFn: login });
}
