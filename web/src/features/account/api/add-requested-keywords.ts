import type { RequestedKeywordsAnswer } from '@serpwise/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { requestedKeywordsKey } from './get-requested-keywords';

export const addRequestedKeywords = (termsCsv: string) =>
  apiRequest<{ data: { isSuccessful: true; added: number } & RequestedKeywordsAnswer }>('/NsaApi/Account/AddRequestedKeywords', { method: 'POST', body: { termsCsv } });

export function useAddRequestedKeywords() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addRequestedKeywords,
    onSuccess: (answer) =>
      client.setQueryData(requestedKeywordsKey, { keywordStatuses: answer.data.keywordStatuses, keywords: answer.data.keywords, fetchJobId: answer.data.fetchJobId }),
  });
}
