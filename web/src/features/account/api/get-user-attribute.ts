import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const userAttributeKey = (name: string) => ['account', 'attribute', name] as const;
export const getUserAttribute = (name: string) => apiRequest<{ name: string; value: string | null }>('/NsaApi/Account/GetUserAttribute', { query: { name } });
export const useUserAttribute = (name: string, enabled = true) =>
  useQuery({ queryKey: userAttributeKey(name), queryFn: () => getUserAttribute(name), enabled });
