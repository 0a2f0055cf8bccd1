import { Navigate, type RouteObject } from 'react-router';
import { RequireLogin } from '../auth/components/require-login';
import { AccountLayout } from './components/account-layout';
import { billingAccountRoutes } from '../billing/routes';
import { teamAccountRoutes } from '../team/routes';

/** Pages of the account area, mounted under /account by the feature that builds each. */
export const accountChildRoutes: RouteObject[] = [...billingAccountRoutes, ...teamAccountRoutes];

export const accountRoutes: RouteObject[] = [
  {
    path: 'account',
    element: (
      <RequireLogin>
        <AccountLayout />
      </RequireLogin>
    ),
    children: [{ index: true, element: <Navigate to="/account/settings" replace /> }, ...accountChildRoutes],
  },
];
