import type { RouteObject } from 'react-router';
import { SearchConsoleCallbackPage } from './components/search-console-callback-page';
import { SearchConsolePage } from './components/search-console-page';

/** Search Console by API (issue 20), in the account area (relative to /account, behind its login). */
export const searchConsoleAccountRoutes: RouteObject[] = [
  { path: 'search-console', element: <SearchConsolePage /> },
  { path: 'search-console/callback', element: <SearchConsoleCallbackPage /> },
];
