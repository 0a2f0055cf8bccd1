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

/** What each v1 page covers; its calls come from the server's OpenAPI document (tags = these pages). */
export const apiPageIntros: Record<ApiV1Page, string> = {
  overview: 'Headline numbers of a domain: its newest month, its history, and its organic and paid competitors.',
  'ad-history': 'Every ad a domain ran, or every advertiser on a keyword, month by month.',
  core: 'The keyword tables of a domain: organic and paid keywords, ranking history and backlinks.',
  keyword: 'One keyword: its overview, related keywords and questions, the results page, who ranked over time, and backlinks.',
  leads: 'Link leads: sites linking to your competitors but not to you.',
  url: 'One page of a site: its numbers for the newest month and its history.',
  'weekly-tracking': 'The keywords your projects track, with their current and previous ranks.',
  kombat: 'Keywords two or three domains share or miss, organic or paid, with the Venn counts.',
  'project-manager': 'Your projects.',
};
