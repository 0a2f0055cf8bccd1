import type { RouteObject } from 'react-router';
import { ImportsPage } from './components/imports-page';

/**
 * The imports page (issue 8): upload, live progress, counts, error reports, delete, full-history export. It lives in
 * the account area (relative to /account), behind its login.
 */
export const importsAccountRoutes: RouteObject[] = [{ path: 'imports', element: <ImportsPage /> }];
