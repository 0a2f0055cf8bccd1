import { Navigate, type RouteObject } from 'react-router';
import { AccountSettingsPage } from './components/account-settings-page';
import { ApiAccessPage } from './components/api-access-page';
import { RedeemBundlePage } from './components/redeem-bundle-page';
import { RequestKeywordsFlow, RequestKeywordsStep1, RequestKeywordsStep2, RequestKeywordsStep3 } from './components/request-keywords';

/**
 * The account settings pages, relative to /account (the lead mounts them inside the account layout). Billing,
 * team and the scheduled PDF reports are other areas; /account/alerts only redirects to the latter.
 */
export const accountSettingsRoutes: RouteObject[] = [
  { path: 'settings', element: <AccountSettingsPage />, handle: { routeName: 'account:settings' } },
  {
    path: 'requestkeywords',
    element: <RequestKeywordsFlow />,
    children: [
      { index: true, element: <Navigate to="step-1" replace /> },
      { path: 'step-1', element: <RequestKeywordsStep1 /> },
      { path: 'step-2', element: <RequestKeywordsStep2 /> },
      { path: 'step-3', element: <RequestKeywordsStep3 /> },
    ],
  },
  { path: 'api', element: <ApiAccessPage /> },
  { path: 'redeem-bundle', element: <RedeemBundlePage /> },
  { path: 'alerts', element: <Navigate to="/account/scheduled-pdf-reports" replace /> },
];
