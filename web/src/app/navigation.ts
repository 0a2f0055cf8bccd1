import { normaliseWebPath } from '@serpwise/contracts';

/** One link of the navigation (docs/product/site.md §2 "Primary navigation sections"). */
export interface NavItem {
  label: string;
  to: string;
  /** Marked new in the menus. */
  isNew?: boolean;
  /** Opens in a new tab (the external AI link and the sister-product redirect). */
  newTab?: boolean;
  /** Hidden outside the United States (docs/product/site.md §2 "Some nav links are hidden for non-US countries"). */
  usOnly?: boolean;
  /** Carries the last search of its kind (research pages, docs/product/site.md §4). */
  research?: boolean;
  /** Shown only to logged-in users / only to visitors. */
  audience?: 'user' | 'visitor';
  description?: string;
}

export interface NavSection {
  id: string;
  label: string;
  /** A section that is one link. */
  to?: string;
  items?: NavItem[];
  audience?: 'user' | 'visitor';
  research?: boolean;
}

/** The sister-product redirect path opened from the AI Tools menu (a new tab). */
export const sisterProductNavPath = '/sendUserToRivalFlow?page=nav';

export const primarySections: NavSection[] = [
  { id: 'my-sites', label: 'My Sites', to: '/hq', audience: 'user' },
  { id: 'overview', label: 'Overview', to: '/overview', research: true },
  {
    id: 'seo',
    label: 'SEO Research',
    items: [
      { label: 'SEO Overview', to: '/seo/overview', research: true, description: 'Organic traffic, keywords and value at a glance' },
      { label: 'Competitors', to: '/seo/competitors', research: true, description: 'Who competes for the same rankings' },
      { label: 'Kombat', to: '/seo/kombat', research: true, description: 'Keywords you share, and the ones you miss' },
      { label: 'Keywords', to: '/seo/keywords', research: true, description: 'Every keyword a site ranks for' },
      { label: 'Ranking History', to: '/seo/ranking-history', research: true, isNew: true, description: 'Rank moves month by month' },
      { label: 'Top Pages', to: '/seo/top-pages', research: true, description: 'The pages that bring the most clicks' },
      { label: 'Backlinks', to: '/seo/backlinks', research: true, description: 'Links that point at a site or a page' },
    ],
  },
  {
    id: 'ppc',
    label: 'PPC Research',
    items: [
      { label: 'PPC Overview', to: '/ppc/overview', research: true, description: 'Paid clicks, budget and ad history' },
      { label: 'Competitors', to: '/ppc/competitors', research: true, description: 'Who bids on the same keywords' },
      { label: 'Kombat', to: '/ppc/kombat', research: true, isNew: true, description: 'Ad keywords you share with rivals' },
      { label: 'Keywords', to: '/ppc/keywords', research: true, isNew: true, description: 'Every keyword a site buys' },
      { label: 'Ad History', to: '/ppc/ad-history', research: true, description: 'Every ad they ran, month by month' },
      { label: 'AdWords Advisor', to: '/ppc/adwords-advisor', research: true, description: 'Keywords to buy and to exclude' },
      { label: 'Ads Templates', to: '/ppc/adwords-templates', usOnly: true, description: 'Ready-made campaigns by industry' },
    ],
  },
  {
    id: 'keyword',
    label: 'Keyword Research',
    items: [
      { label: 'Keyword Overview', to: '/keyword/overview', research: true, description: 'Volume, cost per click and difficulty' },
      { label: 'Related Keywords', to: '/keyword/related-keywords', research: true, description: 'Ideas that buyers search for' },
      { label: 'Ad History', to: '/keyword/ad-history', research: true, description: 'Who advertised on a keyword' },
      { label: 'Ranking History', to: '/keyword/ranking-history', research: true, description: 'Who ranked on page one, and when' },
      { label: 'SERP Analysis', to: '/keyword/serp-analysis', research: true, description: 'The results page, ranked and scored' },
      { label: 'Backlinks', to: '/keyword/backlinks', research: true, description: 'Links behind the pages that rank' },
      { label: 'Bulk Upload', to: '/keyword/bulk-upload', description: 'Research up to 1,000 keywords at once' },
      { label: 'AdWords Advisor', to: '/keyword/adwords-advisor', research: true, description: 'What to buy around a keyword' },
    ],
  },
  {
    id: 'ai',
    label: 'AI Tools',
    items: [
      { label: 'Serpwise Custom GPT', to: '/serpwise-custom-gpt', isNew: true, description: 'Ask research questions in plain words' },
      { label: 'SpyGPT', to: '/spygpt', isNew: true, newTab: true, description: 'Chat with competitor data' },
      { label: 'AI Content Assistant', to: sisterProductNavPath, newTab: true, description: 'Find gaps in your content and fill them' },
    ],
  },
  {
    id: 'more',
    label: 'More Tools',
    items: [
      { label: 'Domain Top Lists', to: '/outreach/domain-top-lists', description: 'The top sites of every niche' },
      { label: 'Keyword Top Lists', to: '/outreach/keyword-top-lists', description: 'Sites that rank for a set of keywords' },
      { label: 'Custom Top Lists', to: '/outreach/top-lists/custom', description: 'Your own list of keywords or sites' },
      { label: 'Leads', to: '/outreach/leads', description: 'Backlink prospects with contacts' },
      { label: 'Rank Tracking', to: '/rank-tracking', description: 'Weekly ranks of your keywords' },
      { label: 'Custom Reports', to: '/custom-reports', description: 'White-label SEO and PPC reports' },
    ],
  },
];

/** docs/product/site.md §2 "Other": the company and legal pages, and the purchase page for the audience. */
export const otherLinks: NavItem[] = [
  { label: 'Home', to: '/' },
  { label: 'Company', to: '/company' },
  { label: 'Jobs', to: '/jobs' },
  { label: 'Member Perks', to: '/memberperks' },
  { label: 'Affiliates', to: '/affiliates' },
  { label: 'Terms & Conditions', to: '/termsconditions' },
  { label: 'Privacy', to: '/privacypolicy' },
  { label: 'Vulnerability Disclosure Policy', to: '/vulnerability-disclosure-policy' },
  { label: 'Upgrade', to: '/upgrade', audience: 'user' },
  { label: 'Plans & Pricing', to: '/mainpurchase', audience: 'visitor' },
];

/** The desktop header links (docs/product/site.md §2 "Header"). Pricing is hidden for logged-in full users. */
export const headerLinks = { whatsNew: '/whats-new', blog: '/blog', api: '/api', pricing: '/buy/register' } as const;

/** docs/product/site.md §9: a section menu stays open this long after the pointer leaves it. */
export const navCollapseDelayMs = 500;

export const isForAudience = (item: { audience?: 'user' | 'visitor' }, isLoggedIn: boolean) =>
  !item.audience || (item.audience === 'user') === isLoggedIn;

/**
 * docs/product/site.md §2: "Tab paths are matched case-insensitively ignoring a trailing slash." A link is active on its own path and
 * on the pages below it (a research tab stays active with its /domain or /url suffix).
 */
export function isActivePath(currentPathname: string, linkTo: string): boolean {
  const current = normaliseWebPath(currentPathname);
  const target = normaliseWebPath(linkTo);
  if (target === '/') return current === '/';
  return current === target || current.startsWith(`${target}/`);
}
