import { Navigate, useParams, type RouteObject } from 'react-router';
import { NotFoundPage } from '@/features/error-pages';
import { lazyPage } from '@/lib/load-chunk';
import { AltLandingPage } from './landing/alt-landing-page';
import { LandingPage } from './landing/landing-page';
import { competitorOf } from './pages/alternative-slug';

// Pages below the landing load on demand (docs/product/site.md §7 "lazy-loaded screens"); a failed chunk shows 'Loading chunk failed'.
const AlternativePage = lazyPage(() => import('./pages/alternative-page'), 'AlternativePage');
const CompanyPage = lazyPage(() => import('./pages/company-page'), 'CompanyPage');
const CustomGptPage = lazyPage(() => import('./pages/custom-gpt-page'), 'CustomGptPage');
const MemberPerksPage = lazyPage(() => import('./pages/program-pages'), 'MemberPerksPage');
const AffiliatesPage = lazyPage(() => import('./pages/program-pages'), 'AffiliatesPage');
const JobsPage = lazyPage(() => import('./pages/program-pages'), 'JobsPage');
const ContentAssistantOfferPage = lazyPage(() => import('./pages/content-assistant-offer-page'), 'ContentAssistantOfferPage');
const TermsPage = lazyPage(() => import('./pages/legal-pages'), 'TermsPage');
const PrivacyPage = lazyPage(() => import('./pages/legal-pages'), 'PrivacyPage');
const VulnerabilityDisclosurePage = lazyPage(() => import('./pages/legal-pages'), 'VulnerabilityDisclosurePage');
const WhatsNewPage = lazyPage(() => import('./pages/updates-pages'), 'WhatsNewPage');
const BlogPage = lazyPage(() => import('./pages/updates-pages'), 'BlogPage');
const BlogPostPage = lazyPage(() => import('./pages/updates-pages'), 'BlogPostPage');
const ApiLandingPage = lazyPage(() => import('./api-docs/api-docs-pages'), 'ApiLandingPage');
const ApiV2Page = lazyPage(() => import('./api-docs/api-docs-pages'), 'ApiV2Page');
const ApiV1Page = lazyPage(() => import('./api-docs/api-docs-pages'), 'ApiV1Page');
const PartnerOffers = lazyPage(() => import('./pages/partner-offer-page'), 'PartnerOfferPage');

/**
 * One path segment: a {name}-alternative page loads its chunk; any other segment (an unknown path) shows the 404 page at
 * once, in the first render, not after a chunk it does not need (a check reading the page when the network goes quiet saw
 * 'Loading…' where the 404 page should be).
 */
function AlternativeOrNotFound() {
  const { slug } = useParams();
  return competitorOf(slug) ? <AlternativePage /> : <NotFoundPage />;
}

/** Route meta of docs/product/site.md §2: the header shows the API navigation on these routes. */
const apiHandle = { showApiNavigation: true };

/** The marketing, legal and API documentation pages (docs/product/site.md §2), inside the main layout. */
export const marketingRoutes: RouteObject[] = [
  { index: true, element: <LandingPage />, handle: { routeName: 'home' } },
  { path: 'althome', element: <LandingPage /> },
  { path: 'land/arc1-d', element: <AltLandingPage /> },
  { path: 'althome-d', element: <AltLandingPage /> },
  // {anything}-alternative: one path segment; the page shows the 404 page for a segment without the suffix.
  { path: ':slug', element: <AlternativeOrNotFound /> },
  { path: 'company', element: <CompanyPage /> },
  { path: 'serpwise-custom-gpt', element: <CustomGptPage /> },
  { path: 'spygpt', element: <CustomGptPage variant="spygpt" /> },
  { path: 'memberperks', element: <MemberPerksPage /> },
  { path: 'affiliates', element: <AffiliatesPage /> },
  { path: 'jobs', element: <JobsPage /> },
  { path: 'mobilemonkey-offer', element: <PartnerOffers offer="mobilemonkey" /> },
  { path: 'clickcease-offer', element: <PartnerOffers offer="clickcease" /> },
  { path: 'capital-one-spring-member-offer', element: <PartnerOffers offer="capital-one-spring" /> },
  { path: 'content-assistant-offer', element: <ContentAssistantOfferPage /> },
  { path: 'termsconditions', element: <TermsPage /> },
  { path: 'privacypolicy', element: <PrivacyPage /> },
  { path: 'vulnerability-disclosure-policy', element: <VulnerabilityDisclosurePage /> },
  { path: 'whats-new', element: <WhatsNewPage /> },
  { path: 'blog', element: <BlogPage /> },
  { path: 'blog/:slug', element: <BlogPostPage /> },
  {
    path: 'api',
    handle: apiHandle,
    children: [
      { index: true, element: <ApiLandingPage />, handle: apiHandle },
      { path: 'v2', element: <ApiV2Page />, handle: apiHandle },
      { path: 'v1', element: <Navigate to="/api/v1/overview" replace />, handle: apiHandle },
      { path: 'v1/:page', element: <ApiV1Page />, handle: apiHandle },
    ],
  },
];
