import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  detectCardType,
  formatExpiration,
  restPrefix,
  type BillingInfo,
  type CardInput,
  type Plan,
  type PurchaseRequest,
  type ReceiptDetail,
  type ReceiptSummary,
  type SubscriptionSummary,
} from '@serpwise/contracts';
import { apiRequest } from '@/lib/api-client';
import { activeStateKey } from '@/features/auth';

export interface PlansAnswer {
  defaultPurchaseId: number;
  plans: (Plan & { annualSavingCents: number })[];
  seatMonthlyCents: number;
  isSandbox: boolean;
  sandboxTestCards: { approved: readonly { type: string; number: string }[]; declined: readonly { type: string; number: string }[] } | null;
}
/** A paying call's answer carries the receipt it wrote (receiptId) for the confirmation (docs/decisions.md issue 24). */
type ActionAnswer = { data: { isSuccessful: boolean; errors: string[]; subscription: SubscriptionSummary; amountCents?: number; receiptId?: string | null } };

export const getPlans = () => apiRequest<PlansAnswer>(`${restPrefix}/billing/plans`);
export const usePlans = () => useQuery({ queryKey: ['billing', 'plans'], queryFn: getPlans, staleTime: Infinity });

export const checkCoupon = (code: string) =>
  apiRequest<{ code: string; percentOff: number; description: string }>(`${restPrefix}/billing/coupon`, { method: 'POST', body: { code } });

export const purchase = (request: PurchaseRequest) =>
  apiRequest<ActionAnswer>(`${restPrefix}/billing/purchase`, { method: 'POST', body: request as unknown as Record<string, unknown> });
export const annualUpgrade = (clickType?: string) =>
  apiRequest<ActionAnswer>(`${restPrefix}/billing/annual-upgrade`, { method: 'POST', body: clickType ? { clickType } : {} });

export const getBillingInfo = () => apiRequest<BillingInfo & { isSandbox: boolean }>('/NsaApi/Account/GetBillingInfo');
export const useBillingInfo = () => useQuery({ queryKey: ['billing', 'info'], queryFn: getBillingInfo });

/** POST /Endpoints/AccountApi/JsonChangePaymentInfo: the card future charges go to (docs/product/account-exports-reports.md §7). */
export const changePaymentInfo = (card: CardInput) =>
  apiRequest<{ data: { billingInfo: BillingInfo } }>('/Endpoints/AccountApi/JsonChangePaymentInfo', {
    method: 'POST',
    body: {
      cardType: detectCardType(card.number),
      cardNumber: card.number,
      cardName: card.name,
      expiration: formatExpiration(card.expirationMonth, card.expirationYear),
      securityCode: card.securityCode,
      transactionOrigin: 'AccountSettings',
    },
  });

export const getSubscriptionList = () => apiRequest<SubscriptionSummary[]>('/NsaApi/Account/GetSubscriptionList');
export const useSubscriptionList = () => useQuery({ queryKey: ['billing', 'subscriptions'], queryFn: getSubscriptionList });

export type SubscriptionAction = 'pause' | 'unpause' | 'cancel' | 'reactivate' | 'uncancel';
export function subscriptionAction(action: SubscriptionAction, productId: number, couponCode?: string) {
  switch (action) {
    case 'pause':
      return apiRequest<ActionAnswer>('/NsaApi/Account/GetPauseSubscription', { query: { productId }, csrf: true });
    case 'unpause':
      return apiRequest<ActionAnswer>('/NsaApi/Account/GetUnpauseSubscription', { query: { productId }, csrf: true });
    case 'cancel':
      return apiRequest<ActionAnswer>('/NsaApi/Account/GetCancelSubscription', { query: { productId }, csrf: true });
    case 'reactivate':
      return apiRequest<ActionAnswer>('/NsaApi/Account/GetReactivateSubscription', { query: { productId, couponCode: couponCode || undefined }, csrf: true });
    case 'uncancel':
      return apiRequest<ActionAnswer>('/NsaApi/Account/SubmitUncancellationAction', { method: 'POST', body: { productId } });
  }
}
export const submitCancellationSurvey = (productId: number, reason: string, comments: string) =>
  apiRequest('/NsaApi/Account/SubmitCancellationSurvey', { method: 'POST', body: { productId, reason, comments } });

/** After any billing change: the plan (active state), subscriptions, receipts and card may all have changed. */
export function useBillingRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: ['billing'] }), client.invalidateQueries({ queryKey: activeStateKey })]);
}

export const getReceipts = (includeDeclines: boolean) => apiRequest<ReceiptSummary[]>('/NsaApi/Account/GetReceiptsList', { query: { includeDeclines } });
export const useReceipts = (includeDeclines: boolean) => useQuery({ queryKey: ['billing', 'receipts', includeDeclines], queryFn: () => getReceipts(includeDeclines) });
export const getReceipt = (id: string) => apiRequest<ReceiptDetail>('/NsaApi/Account/GetReceipt', { query: { id } });
export const useReceipt = (id: string) => useQuery({ queryKey: ['billing', 'receipt', id], queryFn: () => getReceipt(id), enabled: Boolean(id) });
export const sendReceipt = (id: string) => apiRequest<{ data: { sentTo: string } }>('/Endpoints/AccountApi/GetSendReceipt', { query: { id }, csrf: true });
export const useSendReceipt = () => useMutation({ mutationFn: sendReceipt });
