import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { accountInfoKey } from './get-account-info';

export const changeEmail = (newEmail: string) =>
  apiRequest<{ data: { isSuccessful: true; email: string } }>('/Endpoints/AccountApi/JsonChangeEmail', { method: 'POST', body: { newEmail } });

export function useChangeEmail() {
  const client = useQueryClient();
  return useMutation({ mutationFn: changeEmail, onSuccess: () => client.invalidateQueries({ queryKey: accountInfoKey }) });
}
