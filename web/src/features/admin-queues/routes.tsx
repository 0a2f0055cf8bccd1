import type { RouteObject } from 'react-router';
import { RequireAdmin } from '@/features/auth';
import { AdminQueuesPage } from './components/admin-queues-page';

/** /admin/queues: admins watch and steer the job queues live (issue 7). */
export const adminQueuesRoutes: RouteObject[] = [
  {
    path: 'admin/queues',
    element: (
      <RequireAdmin>
        <AdminQueuesPage />
      </RequireAdmin>
    ),
  },
];
