import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { accountInfoKey } from './get-account-info';

/** A documented GET that records something: it carries the cross-site token (docs/decisions.md). */
export const acceptTermsOfService = () =>
  apiRequest<{ data: { isSuccessful: true; termsAcceptedAt: string } }>('/Endpoints/AccountApi/AcceptTermsOfService', { csrf: true });

export function useAcceptTermsOfService() {
  const client = useQueryClient();
  return useMutation({ mutationFn: acceptTermsOfService, onSuccess: () => client.invalidateQueries({ queryKey: accountInfoKey }) });
}
