import type { GeneratedApiKey } from '@serpwise/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { userApiInfoKey } from './get-user-api-info';

/** Documented as GET; it replaces the key, so it carries the cross-site token. */
export const generateApiKey = () => apiRequest<GeneratedApiKey>('/NsaApi/Account/GetGenerateApiKey', { csrf: true });

export function useGenerateApiKey() {
  const client = useQueryClient();
  return useMutation({ mutationFn: generateApiKey, onSuccess: () => client.invalidateQueries({ queryKey: userApiInfoKey }) });
}
