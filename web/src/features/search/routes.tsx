import type { RouteObject } from 'react-router';
import { ServerErrorPage, TypoPage } from '../../pages/error-pages';
import { SearchLanding } from './components/search-landing';

/**
 * The search pages: /homepage/overview is the search landing, and the typo and server-error pages are where the
 * search navigation sends a failed lookup (docs/product/site.md §4, §8). /overview itself belongs to the research screens;
 * SearchResolverPage (components/search-resolver.tsx) is a stand-alone lookup-and-redirect for it if wanted.
 */
export const searchRoutes: RouteObject[] = [
  { path: 'homepage/overview', element: <SearchLanding /> },
  { path: 'typo', element: <TypoPage /> },
  { path: 'server-error', element: <ServerErrorPage /> },
];
