import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * The account's small stored choices (GetUserAttribute / SetUserAttribute; names in contracts' clientUserAttributes):
 * dismissed tips, the preferred territory, the table page size, automatic downloads. Shared by every feature that keeps one.
 */
export const userAttributeKey = (name: string) => ['account', 'attribute', name] as const;

export const getUserAttribute = (name: string) => apiRequest<{ name: string; value: string | null }>('/NsaApi/Account/GetUserAttribute', { query: { name } });

export const useUserAttribute = (name: string, enabled = true) => useQuery({ queryKey: userAttributeKey(name), queryFn: () => getUserAttribute(name), enabled });

export const setUserAttribute = (input: { name: string; value: string | null }) =>
  apiRequest<{ data: { isSuccessful: true; name: string; value: string | null } }>('/NsaApi/Account/SetUserAttribute', { method: 'POST', body: input });

export function useSetUserAttribute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setUserAttribute,
    onSuccess: (answer) => client.setQueryData(userAttributeKey(answer.data.name), { name: answer.data.name, value: answer.data.value }),
  });
}
