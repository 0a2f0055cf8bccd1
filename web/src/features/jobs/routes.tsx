import type { RouteObject } from 'react-router';
import { RequireLogin } from '@/features/auth';
import { JobsPage } from './components/jobs-page';

/** /exports keeps its path (docs/decisions.md, "Issue 21: one job center"): the user's jobs of every kind. */
export const jobsRoutes: RouteObject[] = [
  {
    path: 'exports',
    element: (
      <RequireLogin>
        <JobsPage />
      </RequireLogin>
    ),
  },
];
