import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export const changePassword = (input: ChangePasswordInput) =>
  apiRequest<{ data: { isSuccessful: true; endedSessions: number } }>('/Endpoints/AccountApi/JsonChangePassword', { method: 'POST', body: { ...input } });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
