import { Navigate, type RouteObject } from 'react-router';
import { RequireLogin } from '@/features/auth';
import { AccountLayout } from './components/account-layout';
import { AccountSettingsPage } from './components/account-settings-page';
import { ApiAccessPage } from './components/api-access-page';
import { RedeemBundlePage } from './components/redeem-bundle-page';
import { ReportDesignPage } from './components/report-design-page';
import { RequestKeywordsFlow, RequestKeywordsStep1, RequestKeywordsStep2, RequestKeywordsStep3 } from './components/request-keywords';
import { billingAccountRoutes } from '@/features/billing';
import { teamAccountRoutes } from '@/features/team';
import { exportsAccountRoutes } from '@/features/exports';
import { importsAccountRoutes } from '@/features/imports';
import { searchConsoleAccountRoutes } from '@/features/search-console';

/**
 * The account settings pages, relative to /account. Billing and team add theirs; the scheduled PDF reports belong
 * to the exports area, and /account/alerts only redirects to them.
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
  { path: 'reportdesign', element: <ReportDesignPage /> },
  { path: 'api', element: <ApiAccessPage /> },
  { path: 'redeem-bundle', element: <RedeemBundlePage /> },
  { path: 'alerts', element: <Navigate to="/account/scheduled-pdf-reports" replace /> },
];

/** Pages of the account area, mounted under /account. */
export const accountChildRoutes: RouteObject[] = [...accountSettingsRoutes, ...billingAccountRoutes, ...teamAccountRoutes, ...exportsAccountRoutes, ...importsAccountRoutes, ...searchConsoleAccountRoutes];

export const accountRoutes: RouteObject[] = [
  {
    path: 'account',
    element: (
      <RequireLogin inPlace>
        <AccountLayout />
      </RequireLogin>
    ),
    children: [{ index: true, element: <Navigate to="/account/settings" replace /> }, ...accountChildRoutes],
  },
];
