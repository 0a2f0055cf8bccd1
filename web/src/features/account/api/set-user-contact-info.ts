import type { ContactInfo } from '@serpwise/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { contactInfoKey } from './get-user-contact-info';

export const setUserContactInfo = (info: Partial<ContactInfo>) =>
  apiRequest<{ data: { isSuccessful: true; contactInfo: ContactInfo } }>('/NsaApi/Account/SetUserContactInfo', { method: 'POST', body: info });

export function useSetUserContactInfo() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setUserContactInfo, onSuccess: (answer) => client.setQueryData(contactInfoKey, answer.data.contactInfo) });
}
