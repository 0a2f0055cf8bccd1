import { Navigate, useParams, type RouteObject } from 'react-router';
import { RequireLogin, useActiveState } from '@/features/auth';
import { AnnualUpgradePage, PurchasePage } from './components/purchase-page';
import { ReceiptPage, ReceiptsPage } from './components/receipts-page';
import { SubscriptionPage } from './components/subscription-page';

function OneClickUpgrade() {
  const { clickType } = useParams();
  return <AnnualUpgradePage clickType={clickType} />;
}

/** Subscription is hidden for child accounts (docs/product/account-exports-reports.md §2): they go to settings. */
function OwnerOnlySubscription() {
  const { data } = useActiveState();
  return data?.user.isChildAccount ? <Navigate to="/account/settings" replace /> : <SubscriptionPage />;
}

/** Purchase pages, inside the main layout. */
export const billingRoutes: RouteObject[] = [
  { path: 'buy/register', element: <PurchasePage /> },
  { path: 'buy/payment', element: <Navigate to="/buy/register" replace /> },
  { path: 'buy/account', element: <Navigate to="/buy/register" replace /> },
  { path: 'mainpurchase', element: <PurchasePage /> },
  { path: 'upgrade', element: <RequireLogin><PurchasePage title="Upgrade your account" /></RequireLogin> },
  { path: 'e/:clickType?', element: <RequireLogin><OneClickUpgrade /></RequireLogin> },
];

/** Children of /account. */
export const billingAccountRoutes: RouteObject[] = [
  { path: 'subscription', element: <OwnerOnlySubscription /> },
  { path: 'receipts', element: <ReceiptsPage /> },
];

/**
 * The bare-layout receipt page (no header or footer: printable). A visitor gets the login form in place, at once: a redirect
 * to /auth/login left this bare page blank between the answer that the visitor is logged out and the login page's render,
 * and logging in here shows the receipt the link was for.
 */
export const bareBillingRoutes: RouteObject[] = [
  {
    path: 'account/receipt',
    element: (
      <RequireLogin inPlace>
        <ReceiptPage />
      </RequireLogin>
    ),
  },
];
