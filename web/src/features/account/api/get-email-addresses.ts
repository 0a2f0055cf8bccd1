import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const emailAddressesKey = ['account', 'email-addresses'] as const;
export const getEmailAddresses = () => apiRequest<{ emails: string[] }>('/NsaApi/Account/GetEmailAddresses');
export const useEmailAddresses = () => useQuery({ queryKey: emailAddressesKey, queryFn: getEmailAddresses });
