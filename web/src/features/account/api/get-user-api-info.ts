import type { UserApiInfo } from '@serpwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const userApiInfoKey = ['account', 'api-info'] as const;
export const getUserApiInfo = () => apiRequest<UserApiInfo>('/Endpoints/AccountApi/GetUserApiInfo');
export const useUserApiInfo = () => useQuery({ queryKey: userApiInfoKey, queryFn: getUserApiInfo });
