import type { RedeemedBundle } from '@serpwise/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const redeemBundle = (code: string) =>
  apiRequest<{ data: { isSuccessful: true } & RedeemedBundle }>('/rest/account/redeem-bundle', { method: 'POST', body: { code } });

export function useRedeemBundle() {
  const client = useQueryClient();
  // The plan changed: every cached answer (active state, account info) may be out of date.
  return useMutation({ mutationFn: redeemBundle, onSuccess: () => client.invalidateQueries() });
}
