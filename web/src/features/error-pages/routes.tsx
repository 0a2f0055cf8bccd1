import type { RouteObject } from 'react-router';
import { ServerErrorPage, TypoPage } from './error-pages';

/** The typo and server-error pages are where the search navigation sends a failed lookup (docs/product/site.md §4, §8). */
export const errorPageRoutes: RouteObject[] = [
  { path: 'typo', element: <TypoPage /> },
  { path: 'server-error', element: <ServerErrorPage /> },
];
