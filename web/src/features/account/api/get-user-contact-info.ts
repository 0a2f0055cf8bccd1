import type { ContactInfo } from '@serpwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const contactInfoKey = ['account', 'contact-info'] as const;
export const getUserContactInfo = () => apiRequest<ContactInfo>('/NsaApi/Account/GetUserContactInfo');
export const useUserContactInfo = () => useQuery({ queryKey: contactInfoKey, queryFn: getUserContactInfo });
