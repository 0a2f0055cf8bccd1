import type { RouteObject } from 'react-router';
import { ExportTablePage } from './components/export-table-page';
import { GoogleAuthCallbackPage } from './components/google-auth-callback-page';
import { ReportUnsubscribePage } from './components/report-unsubscribe-page';
import { ScheduledReportsPage } from './components/scheduled-reports-page';

/** The exports pages: a table's export by address, a report e-mail's unsubscribe page and the Google callback (the list of every job, /exports, is the jobs feature's). */
export const exportsRoutes: RouteObject[] = [
  { path: 'exports/new', element: <ExportTablePage /> },
  { path: 'google-auth/callback', element: <GoogleAuthCallbackPage /> },
  { path: 'reports/unsubscribe', element: <ReportUnsubscribePage /> },
];

/** The exports pages that live in the account area (relative to /account). */
export const exportsAccountRoutes: RouteObject[] = [{ path: 'scheduled-pdf-reports', element: <ScheduledReportsPage /> }];
