import { createBrowserRouter } from 'react-router';
import { accountRoutes } from '@/features/account';
import { authRoutes } from '@/features/auth';
import { bareBillingRoutes, billingRoutes } from '@/features/billing';
import { DiagnosticsPage } from '@/features/diagnostics';
import { NotFoundPage, RouteErrorPage, errorPageRoutes } from '@/features/error-pages';
import { galleryRoutes } from '@/features/gallery';
import { adminQueuesRoutes } from '@/features/admin-queues';
import { exportsRoutes } from '@/features/exports';
import { jobsRoutes } from '@/features/jobs';
import { marketingRoutes } from '@/features/marketing';
import { onboardingRoutes } from '@/features/onboarding';
import { paywallRoutes } from '@/features/paywall';
import { reconRoutes } from '@/features/recon';
import { researchRoutes } from '@/features/research';
import { searchRoutes } from '@/features/search';
import { HqPage } from '@/pages/hq-page';
import { EventRedirectorPage } from '@/pages/event-redirector-page';
import { SandboxPage } from '@/pages/sandbox-page';
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
      ...errorPageRoutes,
      { path: 'hq', element: <HqPage /> },
      { path: 'system-check', element: <DiagnosticsPage /> },
      { path: 'sandbox', element: <SandboxPage /> },
      ...authRoutes,
      ...accountRoutes,
      ...billingRoutes,
      ...galleryRoutes,
      ...adminQueuesRoutes,
      ...exportsRoutes,
      ...jobsRoutes,
      ...researchRoutes,
      ...reconRoutes,
      ...paywallRoutes,
      ...onboardingRoutes,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
