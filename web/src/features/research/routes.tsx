import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { RedirectKeepingSearch } from './components/redirect';
import { BulkUploadPage, BulkUploadResultsPage } from './keyword/bulk-upload-page';
import { KeywordAdHistoryPage } from './keyword/keyword-ad-history-page';
import { KeywordAdvisorPage } from './keyword/keyword-advisor-page';
import { KeywordBacklinksPage } from './keyword/keyword-backlinks-page';
import { KeywordOverviewPage } from './keyword/keyword-overview-page';
import { KeywordRankingHistoryPage } from './keyword/keyword-ranking-history-page';
import { RelatedKeywordsPage } from './keyword/related-keywords-page';
import { SerpAnalysisPage } from './keyword/serp-analysis-page';
import { DomainTopListsPage } from './outreach/domain-top-lists-page';
import { LeadsPage } from './outreach/leads-page';
import { CustomListPage, KeywordTopListsPage } from './outreach/list-pages';
import { DomainOverviewPage } from './overview/domain-overview-page';
import { OverviewPage } from './overview/overview-page';
import { SiteOverviewPage } from './overview/site-overview-page';
import { UrlOverviewPage } from './overview/url-overview-page';
import { AdTemplatesPage } from './ppc/ad-templates-page';
import { PpcAdHistoryPage } from './ppc/ppc-ad-history-page';
import { PpcAdvisorPage } from './ppc/ppc-advisor-page';
import { PpcCompetitorsPage } from './ppc/ppc-competitors-page';
import { PpcKeywordsPage } from './ppc/ppc-keywords-page';
import { PpcKombatPage } from './ppc/ppc-kombat-page';
import { PpcOverviewPage } from './ppc/ppc-overview-page';
import { SeoBacklinksPage } from './seo/seo-backlinks-page';
import { SeoCompetitorsPage } from './seo/seo-competitors-page';
import { SeoKeywordsPage } from './seo/seo-keywords-page';
import { SeoKombatPage } from './seo/seo-kombat-page';
import { SeoRankingHistoryPage } from './seo/seo-ranking-history-page';
import { SeoTopPagesPage } from './seo/seo-top-pages-page';
import { CustomReportsPage } from './tools/custom-reports-page';
import { RankTrackingPage } from './tools/rank-tracking-page';

const named = (routeName?: string) => (routeName ? { routeName } : undefined);

/** A tab and its /domain and /url sub-paths (docs/product/site.md §2: the SEO tabs have both; PPC competitors and keywords too). */
const withSubPaths = (path: string, routeName: string | undefined, render: (kind?: 'domain' | 'url') => ReactNode): RouteObject[] => [
  { path, element: render(), handle: named(routeName) },
  { path: `${path}/domain`, element: render('domain'), handle: named(routeName) },
  { path: `${path}/url`, element: render('url'), handle: named(routeName) },
];
const withDomainPath = (path: string, routeName: string | undefined, element: ReactNode): RouteObject[] => [
  { path, element, handle: named(routeName) },
  { path: `${path}/domain`, element, handle: named(routeName) },
];

/**
 * Every research route of routes.txt (docs/product/site.md §2 "Research"), mounted in the site layout. The 301s of the
 * spec (/backlinks/domain, /backlinks/url, /backlinks/term) are client redirects here; see docs/decisions.md.
 */
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

  { path: 'ppc', element: <RedirectKeepingSearch to="/ppc/overview" /> },
  ...withDomainPath('ppc/overview', 'ppc:overview', <PpcOverviewPage />),
  ...withSubPaths('ppc/competitors', undefined, () => <PpcCompetitorsPage />),
  ...withDomainPath('ppc/kombat', undefined, <PpcKombatPage />),
  ...withSubPaths('ppc/keywords', 'ppc:keywords', () => <PpcKeywordsPage />),
  ...withDomainPath('ppc/ad-history', 'ppc:ad-history', <PpcAdHistoryPage />),
  ...withDomainPath('ppc/adwords-advisor', 'ppc:adwords-advisor', <PpcAdvisorPage />),
  { path: 'ppc/adwords-templates', element: <AdTemplatesPage />, handle: named('ppc:adwords_templates') },
  { path: 'ppc/adwords-templates/get-started', element: <AdTemplatesPage view="get-started" />, handle: named('ppc:adwords_templates') },
  { path: 'ppc/adwords-templates/download', element: <AdTemplatesPage view="download" />, handle: named('ppc:adwords_templates') },

  { path: 'keyword', element: <RedirectKeepingSearch to="/keyword/overview" /> },
  { path: 'keyword/overview', element: <KeywordOverviewPage />, handle: named('keyword:overview') },
  { path: 'keyword/related-keywords', element: <RelatedKeywordsPage /> },
  { path: 'keyword/ad-history', element: <KeywordAdHistoryPage /> },
  { path: 'keyword/ranking-history', element: <KeywordRankingHistoryPage />, handle: named('keyword:ranking-history') },
  { path: 'keyword/serp-analysis', element: <SerpAnalysisPage />, handle: named('keyword:serp-analysis') },
  { path: 'keyword/backlinks', element: <KeywordBacklinksPage /> },
  { path: 'keyword/bulk-upload', element: <BulkUploadPage /> },
  { path: 'keyword/bulk-upload/results', element: <BulkUploadResultsPage /> },
  { path: 'keyword/adwords-advisor', element: <KeywordAdvisorPage /> },

  { path: 'backlinks', element: <SeoBacklinksPage section="backlinks" /> },
  { path: 'backlinks/backlinks', element: <SeoBacklinksPage section="backlinks" /> },
  { path: 'backlinks/backlinks-outreach', element: <LeadsPage section="backlinks" /> },
  { path: 'backlinks/domain', element: <RedirectKeepingSearch to="/seo/backlinks" /> },
  { path: 'backlinks/url', element: <RedirectKeepingSearch to="/seo/backlinks" /> },
  { path: 'backlinks/term', element: <RedirectKeepingSearch to="/keyword/backlinks" /> },

  { path: 'outreach/domain-top-lists', element: <DomainTopListsPage /> },
  { path: 'outreach/keyword-top-lists', element: <KeywordTopListsPage /> },
  { path: 'outreach/top-lists/custom', element: <CustomListPage /> },
  { path: 'outreach/leads', element: <LeadsPage /> },

  { path: 'rank-tracking', element: <RankTrackingPage /> },
  { path: 'tracking', element: <RankTrackingPage /> },
  { path: 'custom-reports', element: <CustomReportsPage /> },
];
