import type { ApiMonthlyUsage } from '@serpwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const apiMonthlyUsageKey = ['account', 'api-usage'] as const;
export const getApiMonthlyUsage = () => apiRequest<{ monthlyLimit: number; months: ApiMonthlyUsage[] }>('/NsaApi/Account/GetApiMonthlyUsageData');
export const useApiMonthlyUsage = () => useQuery({ queryKey: apiMonthlyUsageKey, queryFn: getApiMonthlyUsage });
