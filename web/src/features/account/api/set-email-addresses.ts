import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { emailAddressesKey } from './get-email-addresses';

/** GET with repeated emails parameters (documented as GET; carries the cross-site token). */
export const setEmailAddresses = (emails: string[]) =>
  apiRequest<{ data: { isSuccessful: true; emails: string[] } }>('/NsaApi/Account/SetEmailAddresses', { csrf: true, repeatedQuery: { emails } });

export function useSetEmailAddresses() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setEmailAddresses, onSuccess: (answer) => client.setQueryData(emailAddressesKey, { emails: answer.data.emails }) });
}
