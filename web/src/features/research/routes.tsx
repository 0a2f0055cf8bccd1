import type { RouteObject } from 'react-router';
import { RedirectKeepingSearch } from './components/redirect';
import { DomainOverviewPage } from './overview/domain-overview-page';
import { OverviewPage } from './overview/overview-page';
import { SiteOverviewPage } from './overview/site-overview-page';
import { UrlOverviewPage } from './overview/url-overview-page';
import { SeoBacklinksPage } from './seo/seo-backlinks-page';
import { SeoCompetitorsPage } from './seo/seo-competitors-page';
import { SeoKeywordsPage } from './seo/seo-keywords-page';
import { SeoKombatPage } from './seo/seo-kombat-page';
import { SeoRankingHistoryPage } from './seo/seo-ranking-history-page';
import { SeoTopPagesPage } from './seo/seo-top-pages-page';

const named = (routeName: string) => ({ routeName });

/** A tab with its /domain and /url sub-paths (01-product.md §2: each SEO tab also has domain and url sub-paths). */
const withSubPaths = (path: string, routeName: string | undefined, render: (kind?: 'domain' | 'url') => React.ReactNode): RouteObject[] => [
  { path, element: render(), handle: routeName ? named(routeName) : undefined },
  { path: `${path}/domain`, element: render('domain'), handle: routeName ? named(routeName) : undefined },
  { path: `${path}/url`, element: render('url'), handle: routeName ? named(routeName) : undefined },
];

/** Every research route of routes.txt (01-product.md §2 "Research"), mounted in the site layout. */
export const researchRoutes: RouteObject[] = [
  { path: 'overview', element: <OverviewPage />, handle: named('overview') },
  { path: 'overview/domain', element: <DomainOverviewPage />, handle: named('overview') },
  { path: 'overview/url', element: <UrlOverviewPage />, handle: named('overview') },

  { path: 'seo', element: <RedirectKeepingSearch to="/seo/overview" /> },
  { path: 'seo/overview', element: <SiteOverviewPage />, handle: named('seo:overview') },
  { path: 'seo/overview/domain', element: <DomainOverviewPage section="seo" />, handle: named('seo:overview') },
  { path: 'seo/overview/url', element: <UrlOverviewPage section="seo" />, handle: named('seo:overview') },
  ...withSubPaths('seo/competitors', undefined, () => <SeoCompetitorsPage />),
  ...withSubPaths('seo/kombat', 'seo:kombat', () => <SeoKombatPage />),
  ...withSubPaths('seo/keywords', 'seo:keywords', (kind) => <SeoKeywordsPage kind={kind} />),
  ...withSubPaths('seo/ranking-history', undefined, (kind) => <SeoRankingHistoryPage kind={kind} />),
  ...withSubPaths('seo/top-pages', undefined, () => <SeoTopPagesPage />),
  ...withSubPaths('seo/backlinks', 'seo:backlinks', (kind) => <SeoBacklinksPage kind={kind} />),
  { path: 'seo/reports', element: <RedirectKeepingSearch to="/custom-reports" /> },
];
