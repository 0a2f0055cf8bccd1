import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { userApiInfoKey } from './get-user-api-info';

/** Ends the key at once; it changes state, so it carries the cross-site token. */
export const revokeApiKey = () => apiRequest<{ data: { revoked: boolean } }>('/NsaApi/Account/RevokeApiKey', { csrf: true });

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({ mutationFn: revokeApiKey, onSuccess: () => client.invalidateQueries({ queryKey: userApiInfoKey }) });
}
