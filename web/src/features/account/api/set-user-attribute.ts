import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { userAttributeKey } from './get-user-attribute';

export const setUserAttribute = (input: { name: string; value: string | null }) =>
  apiRequest<{ data: { isSuccessful: true; name: string; value: string | null } }>('/NsaApi/Account/SetUserAttribute', { method: 'POST', body: input });

export function useSetUserAttribute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setUserAttribute,
    onSuccess: (answer) => client.setQueryData(userAttributeKey(answer.data.name), { name: answer.data.name, value: answer.data.value }),
  });
}
