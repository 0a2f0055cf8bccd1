import { useQuery } from '@tanstack/react-query';
import type { AddChildResult, ChildAccountSummary, TeamBillingInfo } from '@serpwise/contracts';
import { apiRequest } from '@/lib/api-client';
import { csrfToken } from '@/lib/csrf';
import { csrfHeaderName } from '@serpwise/contracts';

export const listChildren = () => apiRequest<ChildAccountSummary[]>('/endpoints/childaccount');
export const useChildren = () => useQuery({ queryKey: ['team', 'children'], queryFn: listChildren });

/** previewbill takes the repeated emails parameter. */
export async function previewBill(emails: string[]): Promise<TeamBillingInfo> {
  const query = new URLSearchParams();
  for (const email of emails) query.append('emails', email);
  const response = await fetch(`/endpoints/childaccount/previewbill?${query}`, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`The bill preview failed (${response.status}).`);
  return (await response.json()) as TeamBillingInfo;
}
export const usePreviewBill = (emails: string[]) => useQuery({ queryKey: ['team', 'preview', emails], queryFn: () => previewBill(emails) });

export const addChildren = (emails: string[]) => apiRequest<AddChildResult[]>('/endpoints/childaccount', { method: 'POST', body: { emails } });

export async function removeChild(id: string): Promise<void> {
  const response = await fetch(`/endpoints/childaccount/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    headers: { accept: 'application/json', [csrfHeaderName]: await csrfToken() },
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error('There was a problem removing the user.');
}
