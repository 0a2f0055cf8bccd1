import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { accountInfoKey } from './get-account-info';

export const changeDisplayName = (newDisplayName: string) =>
  apiRequest<{ data: { isSuccessful: true; displayName: string } }>('/Endpoints/AccountApi/JsonChangeDisplayName', { method: 'POST', body: { newDisplayName } });

export function useChangeDisplayName() {
  const client = useQueryClient();
  return useMutation({ mutationFn: changeDisplayName, onSuccess: () => client.invalidateQueries({ queryKey: accountInfoKey }) });
}
