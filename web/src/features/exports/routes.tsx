import type { RouteObject } from 'react-router';
import { RequireLogin } from '@/features/auth';
import { ExportTablePage } from './components/export-table-page';
import { ExportsPage } from './components/exports-page';
import { GoogleAuthCallbackPage } from './components/google-auth-callback-page';
import { ScheduledReportsPage } from './components/scheduled-reports-page';

/** The exports pages: the user's exports (REST view) and a table's export by address. */
export const exportsRoutes: RouteObject[] = [
  {
    path: 'exports',
    element: (
      <RequireLogin>
        <ExportsPage />
      </RequireLogin>
    ),
  },
  { path: 'exports/new', element: <ExportTablePage /> },
  { path: 'google-auth/callback', element: <GoogleAuthCallbackPage /> },
];

/** The exports pages that live in the account area (relative to /account). */
export const exportsAccountRoutes: RouteObject[] = [{ path: 'scheduled-pdf-reports', element: <ScheduledReportsPage /> }];
