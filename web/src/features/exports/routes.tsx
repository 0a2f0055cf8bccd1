import type { RouteObject } from 'react-router';
import { RequireLogin } from '../auth/components/require-login';
import { ExportTablePage } from './components/export-table-page';
import { ExportsPage } from './components/exports-page';
import { GoogleAuthCallbackPage } from './components/google-auth-callback-page';

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
