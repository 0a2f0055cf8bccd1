import type { RouteObject } from 'react-router';
import { RequireAdmin } from '@/features/auth';
import { AdminQueuesPage } from './components/admin-queues-page';
import { AnalyticsPage } from './components/analytics-page';
import { AuditLogPage } from './components/audit-log-page';
import { JobsPage } from './components/jobs-page';

/** /admin/queues: the queue console (issues 7, 23); /admin/jobs: find and act on jobs; /admin/audit-log: every admin action (issue 23); /admin/analytics: the analytics events per day (issue 25). Admins only. */
export const adminQueuesRoutes: RouteObject[] = [
  {
    path: 'admin/queues',
    element: (
      <RequireAdmin>
        <AdminQueuesPage />
      </RequireAdmin>
    ),
  },
  {
    path: 'admin/jobs',
    element: (
      <RequireAdmin>
        <JobsPage />
      </RequireAdmin>
    ),
  },
  {
    path: 'admin/analytics',
    element: (
      <RequireAdmin>
        <AnalyticsPage />
      </RequireAdmin>
    ),
  },
  {
    path: 'admin/audit-log',
    element: (
      <RequireAdmin>
        <AuditLogPage />
      </RequireAdmin>
    ),
  },
];
