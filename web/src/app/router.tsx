import { createBrowserRouter } from 'react-router';
import { accountSettingsRoutes } from '../features/account/routes';
import { DiagnosticsPage } from '../features/diagnostics/components/diagnostics-page';
import { onboardingRoutes } from '../features/onboarding/routes';
import { HomePage } from '../pages/home-page';
import { NotFoundPage } from '../pages/not-found-page';
import { Layout } from './layout';

export const routes = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'system-check', element: <DiagnosticsPage /> },
      { path: 'account', children: accountSettingsRoutes }, // the lead puts these inside the account layout
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  ...onboardingRoutes,
];

export const createRouter = () => createBrowserRouter(routes);
