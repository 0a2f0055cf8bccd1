import type { RouteObject } from 'react-router';
import { ServerErrorPage, TypoPage } from '../../pages/error-pages';
import { SearchLanding } from './components/search-landing';
import { SearchResolverPage } from './components/search-resolver';

/**
 * The search pages: /overview with a query is resolved to its typed page (the typed pages /overview/domain and
 * /overview/url belong to the research screens), /homepage/overview is the search landing, and the typo and
 * server-error pages the search navigation opens (01 §4, §8).
 */
export const searchRoutes: RouteObject[] = [
  { path: 'overview', element: <SearchResolverPage />, handle: { routeName: 'overview' } },
  { path: 'homepage/overview', element: <SearchLanding /> },
  { path: 'typo', element: <TypoPage /> },
  { path: 'server-error', element: <ServerErrorPage /> },
];
