import type { AccountInfo } from '@serpwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const accountInfoKey = ['account', 'info'] as const;
export const getAccountInfo = () => apiRequest<AccountInfo>('/Endpoints/AccountApi/GetAccountInfo');
export const useAccountInfo = () => useQuery({ queryKey: accountInfoKey, queryFn: getAccountInfo });
