import type { RouteObject } from 'react-router';
import { ScraperPaywallPage } from './components/scraper-paywall-page';

/** The scraper paywall page; #benefits, #signup and #login pick its section. */
export const paywallRoutes: RouteObject[] = [{ path: 'paywall', element: <ScraperPaywallPage />, handle: { routeName: 'paywall' } }];
