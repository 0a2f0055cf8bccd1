import type { RouteObject } from 'react-router';
import { SearchLanding } from './components/search-landing';

/**
 * The search pages: /homepage/overview is the search landing (docs/product/site.md §4). The typo and server-error
 * pages a failed lookup is sent to are the error pages' (features/error-pages/routes.tsx). /overview itself belongs to
 * the research screens; SearchResolverPage (components/search-resolver.tsx) is a stand-alone lookup-and-redirect for it if wanted.
 */
export const searchRoutes: RouteObject[] = [{ path: 'homepage/overview', element: <SearchLanding /> }];
