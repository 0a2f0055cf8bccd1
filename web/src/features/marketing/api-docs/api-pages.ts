import type { apiV1Pages } from '@serpwise/contracts';

export type ApiV1Page = (typeof apiV1Pages)[number];

export const apiPageTitles: Record<ApiV1Page, string> = {
  overview: 'Overview',
  'ad-history': 'Ad History',
  core: 'Core',
  keyword: 'Keyword',
  leads: 'Leads',
  url: 'URL',
  'weekly-tracking': 'Weekly Tracking',
  kombat: 'Kombat',
  'project-manager': 'Project Manager',
};

export interface ApiEndpoint {
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  params: [name: string, description: string][];
}

export interface ApiGroup {
  intro: string;
  endpoints: ApiEndpoint[];
  example: { request: string; response: string };
}

const country: [string, string] = ['country', 'Search territory code, e.g. US, UK, DE (default US)'];
const paging: [string, string][] = [
  ['startingRow', 'First row, 1-based (default 1)'],
  ['pageSize', 'Rows per page: 20, 50, 100, 250, 500 or 1000 (default 20)'],
];

/** The v1 reference, one group per page of docs/product/site.md §2 "API docs". */
export const apiV1Groups: Record<ApiV1Page, ApiGroup> = {
  overview: {
    intro: 'Headline numbers of a domain for a month: organic and paid keywords, estimated monthly clicks, and the estimated value of those clicks.',
    endpoints: [
      { method: 'GET', path: '/v1/overview/domain', summary: 'One domain’s overview for the latest month', params: [['domain', 'The domain, e.g. example.com'], country] },
      { method: 'GET', path: '/v1/overview/domain/history', summary: 'The same numbers for every month on record', params: [['domain', 'The domain'], country, ['months', 'How many months back (default 12)']] },
    ],
    example: {
      request: 'GET /v1/overview/domain?domain=shopsphere.example&country=US',
      response: '{\n  "domain": "shopsphere.example",\n  "month": "2026-10",\n  "organicKeywords": 1284,\n  "monthlyOrganicClicks": 48210,\n  "monthlyOrganicValue": 61340.5,\n  "paidKeywords": 312,\n  "monthlyPaidClicks": 9120,\n  "monthlyBudget": 12890.0\n}',
    },
  },
  'ad-history': {
    intro: 'Every ad a domain ran, or every advertiser on a keyword, month by month, with the ad copy and its position.',
    endpoints: [
      { method: 'GET', path: '/v1/ad-history/domain', summary: 'Ads of a domain', params: [['domain', 'The advertiser’s domain'], country, ...paging] },
      { method: 'GET', path: '/v1/ad-history/keyword', summary: 'Advertisers and ads on a keyword', params: [['keyword', 'The keyword'], country, ...paging] },
    ],
    example: {
      request: 'GET /v1/ad-history/keyword?keyword=trail+running+shoes&country=US',
      response: '{\n  "keyword": "trail running shoes",\n  "totalRows": 41,\n  "rows": [\n    { "domain": "trailhub.example", "months": 26, "headline": "Trail Shoes – Free Returns", "averagePosition": 1.4 }\n  ]\n}',
    },
  },
  core: {
    intro: 'The keyword lists behind the research pages: the keywords a domain ranks for organically and the keywords it buys.',
    endpoints: [
      { method: 'GET', path: '/v1/core/organic-keywords', summary: 'Keywords a domain ranks for', params: [['domain', 'The domain'], country, ['sortBy', 'clicks, rank, volume or cpc'], ...paging] },
      { method: 'GET', path: '/v1/core/paid-keywords', summary: 'Keywords a domain buys', params: [['domain', 'The domain'], country, ['sortBy', 'clicks, volume or cpc'], ...paging] },
    ],
    example: {
      request: 'GET /v1/core/organic-keywords?domain=shopsphere.example&pageSize=20',
      response: '{\n  "totalRows": 1284,\n  "rows": [\n    { "keyword": "running shoes sale", "rank": 2, "monthlyClicks": 3120, "searchVolume": 18100, "cpc": 1.84 }\n  ]\n}',
    },
  },
  keyword: {
    intro: 'Search volume, cost per click, ranking difficulty and related keywords.',
    endpoints: [
      { method: 'GET', path: '/v1/keyword/info', summary: 'Metrics of up to 100 keywords', params: [['keywords', 'Comma-separated keywords'], country] },
      { method: 'GET', path: '/v1/keyword/related', summary: 'Related keywords', params: [['keyword', 'The seed keyword'], country, ['type', 'similar, questions, transaction, buys or ranks'], ...paging] },
    ],
    example: {
      request: 'GET /v1/keyword/info?keywords=running+shoes&country=UK',
      response: '{\n  "rows": [\n    { "keyword": "running shoes", "searchVolume": 40500, "cpc": 0.92, "difficulty": 71, "resultCount": 1830000000 }\n  ]\n}',
    },
  },
  leads: {
    intro: 'Backlink prospects: sites that link to pages ranking for your keywords, with the contacts we found for them.',
    endpoints: [{ method: 'GET', path: '/v1/leads/domain', summary: 'Link prospects for a domain', params: [['domain', 'Your domain'], country, ...paging] }],
    example: {
      request: 'GET /v1/leads/domain?domain=shopsphere.example',
      response: '{\n  "totalRows": 230,\n  "rows": [\n    { "domain": "gearreview.example", "domainStrength": 54, "linksToCompetitors": 7, "contacts": 2 }\n  ]\n}',
    },
  },
  url: {
    intro: 'The same organic research for a single page: the keywords one URL ranks for and their history.',
    endpoints: [{ method: 'GET', path: '/v1/url/keywords', summary: 'Keywords a URL ranks for', params: [['url', 'The full page URL'], country, ...paging] }],
    example: {
      request: 'GET /v1/url/keywords?url=https%3A%2F%2Fshopsphere.example%2Fs%2Frunning',
      response: '{\n  "url": "https://shopsphere.example/s/running",\n  "totalRows": 88,\n  "rows": [\n    { "keyword": "running shoes sale", "rank": 2, "monthlyClicks": 3120 }\n  ]\n}',
    },
  },
  'weekly-tracking': {
    intro: 'The weekly ranks of the keywords you track in Rank Tracking.',
    endpoints: [
      { method: 'GET', path: '/v1/weekly-tracking/ranks', summary: 'Ranks for a tracked domain', params: [['domain', 'A tracked domain'], country, ['weeks', 'How many weeks back (default 12)']] },
    ],
    example: {
      request: 'GET /v1/weekly-tracking/ranks?domain=shopsphere.example&weeks=4',
      response: '{\n  "rows": [\n    { "keyword": "running shoes sale", "ranks": [{ "week": "2026-11-16", "rank": 2 }, { "week": "2026-11-09", "rank": 3 }] }\n  ]\n}',
    },
  },
  kombat: {
    intro: 'Compare up to three domains: the keywords all of them share, the ones only your competitors have, and the ones only you have.',
    endpoints: [
      { method: 'GET', path: '/v1/kombat/organic', summary: 'Organic keyword overlap', params: [['domains', 'Two or three comma-separated domains, yours first'], country, ['segment', 'core, gaps or exclusive'], ...paging] },
      { method: 'GET', path: '/v1/kombat/paid', summary: 'Paid keyword overlap', params: [['domains', 'Two or three comma-separated domains'], country, ['segment', 'core, considerbuying or adwaste'], ...paging] },
    ],
    example: {
      request: 'GET /v1/kombat/organic?domains=shopsphere.example,trailhub.example&segment=gaps',
      response: '{\n  "segment": "gaps",\n  "totalRows": 367,\n  "rows": [\n    { "keyword": "waterproof trail shoes", "searchVolume": 6600, "ranks": { "trailhub.example": 3 } }\n  ]\n}',
    },
  },
  'project-manager': {
    intro: 'Read and change your projects: their domains, keyword groups and labels.',
    endpoints: [
      { method: 'GET', path: '/v1/projects', summary: 'Your projects', params: [] },
      { method: 'GET', path: '/v1/projects/{projectId}/keywords', summary: 'Keywords saved in a project', params: [['groupHash', 'Only this group (optional)'], ...paging] },
      { method: 'POST', path: '/v1/projects/{projectId}/keywords', summary: 'Add keywords to a project', params: [['keywords', 'JSON array of keywords'], ['groupName', 'Group to add them to (optional)']] },
    ],
    example: {
      request: 'GET /v1/projects',
      response: '{\n  "rows": [\n    { "id": "5b1f…", "projectName": "Shopsphere", "primaryDomainName": "shopsphere.example", "keywords": 412 }\n  ]\n}',
    },
  },
};

export const apiBaseUrl = 'https://api.serpwise.example';
