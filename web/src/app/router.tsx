import { createBrowserRouter } from 'react-router';
import { accountRoutes } from '../features/account/routes';
import { authRoutes } from '../features/auth/routes';
import { bareBillingRoutes, billingRoutes } from '../features/billing/routes';
import { DiagnosticsPage } from '../features/diagnostics/components/diagnostics-page';
import { galleryRoutes } from '../features/gallery/routes';
import { adminQueuesRoutes } from '../features/admin-queues/routes';
import { exportsRoutes } from '../features/exports/routes';
import { marketingRoutes } from '../features/marketing/routes';
import { onboardingRoutes } from '../features/onboarding/routes';
import { paywallRoutes } from '../features/paywall/routes';
import { reconRoutes } from '../features/recon/routes';
import { researchRoutes } from '../features/research/routes';
import { searchRoutes } from '../features/search/routes';
import { RouteErrorPage } from '../pages/error-pages';
import { HqPage } from '../pages/hq-page';
import { EventRedirectorPage } from '../pages/event-redirector-page';
import { NotFoundPage } from '../pages/not-found-page';
import { SandboxPage } from '../pages/sandbox-page';
import { Layout } from './layout';

export const routes = [
  ...bareBillingRoutes,
  { path: 'event-redirector', element: <EventRedirectorPage /> },
  {
    element: <Layout />,
    errorElement: <RouteErrorPage />,
    children: [
      ...marketingRoutes,
      ...searchRoutes,
      { path: 'hq', element: <HqPage /> },
      { path: 'system-check', element: <DiagnosticsPage /> },
      { path: 'sandbox', element: <SandboxPage /> },
      ...authRoutes,
      ...accountRoutes,
      ...billingRoutes,
      ...galleryRoutes,
      ...adminQueuesRoutes,
      ...exportsRoutes,
      ...researchRoutes,
      ...reconRoutes,
      ...paywallRoutes,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  ...onboardingRoutes,
];

export const createRouter = () => createBrowserRouter(routes);
