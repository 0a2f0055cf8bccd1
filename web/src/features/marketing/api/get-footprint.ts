import type { FootprintStats } from '@serpwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const footprintKey = ['research', 'footprint'] as const;
export const getFootprint = () => apiRequest<FootprintStats>('/rest/research/footprint');

/** docs/product/site.md §3 "Footprint stats", for the footer's roll-up date and size claim. Changes monthly: cached for an hour. */
export const useFootprint = () => useQuery({ queryKey: footprintKey, queryFn: getFootprint, staleTime: 3_600_000, retry: false });
