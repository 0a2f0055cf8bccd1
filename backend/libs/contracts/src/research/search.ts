import { z } from 'zod';
import { countryCodeSchema } from './territories.js';

/** The kinds of thing a query resolves to (docs/product/account-exports-reports.md §9 "search result types"), as routes spell them. */
export const searchResultTypes = ['domain', 'url', 'term'] as const;
export type SearchResultType = (typeof searchResultTypes)[number];

/** The same kinds as the search answer spells them (docs/product/site.md §3 "Search state"). */
export const resultTypeNames = { domain: 'Domain', url: 'URL', term: 'Term' } as const satisfies Record<SearchResultType, string>;
export type ResultTypeName = (typeof resultTypeNames)[SearchResultType];

export const maxQueryLength = 200;

/** GET /Endpoints/Search/JsonSearch — also the query lookup on navigation (getQueryResults, docs/product/site.md §4). */
export const jsonSearchRequestSchema = z.object({
  query: z
    .string({ error: 'Enter a domain, URL or keyword to search.' })
    .max(maxQueryLength, `The search can be at most ${maxQueryLength} characters long.`),
  countryCode: countryCodeSchema,
  /** True when the caller insists the query is a site (domain or URL), never a keyword. */
  isSiteQuery: z
    .enum(['true', 'false'], { error: 'isSiteQuery must be true or false.' })
    .optional()
    .transform((value) => value === 'true'),
});
export type JsonSearchRequest = z.infer<typeof jsonSearchRequestSchema>;

/** The answer of JsonSearch: docs/product/site.md §3 searchResult, plus the territory and the kind of data behind it. */
export interface SearchResult {
  /** The query as the warehouse knows it: a bare lower-case host, a normalised URL, or a normalised keyword. */
  cleansedQuery: string;
  /** True when the warehouse has search results (ranks or ads) for it in this territory. */
  isSerpBacked: boolean;
  /** The id of the domain, page or keyword found; null when not found. */
  queryId: number | null;
  resultType: ResultTypeName;
  /** True when the domain, URL or keyword exists in the warehouse at all. */
  wasQueryFound: boolean;
  /** The territory searched (the request's countryCode, resolved). */
  countryCode: string;
  /** True when the warehouse holds the generated demo market instead of real data. */
  isDemoData: boolean;
}

/** The three suggestion calls (docs/product/site.md §7): general, domains only, keywords only. */
export const suggestionRequestSchema = z.object({
  query: z.string().trim().max(maxQueryLength, `The search can be at most ${maxQueryLength} characters long.`).default(''),
  countryCode: countryCodeSchema,
  /** docs/product/site.md §9: the dropdown shows at most 5 by default. */
  limit: z.coerce.number().int().min(1, 'The limit must be between 1 and 20.').max(20, 'The limit must be between 1 and 20.').default(5),
});
export type SuggestionRequest = z.infer<typeof suggestionRequestSchema>;

export interface Suggestion {
  /** What goes into the search box. */
  value: string;
  type: 'domain' | 'term';
  /** Monthly searches (term) or estimated monthly organic clicks (domain) in the territory, for ordering. */
  popularity: number;
}

/** docs/product/site.md §7: the three missed-search events, with their category and action. */
export const missedSearchEvents = {
  Search_Domain_Missed: { eventCategory: 'Missed Search - Domain', eventAction: 'DomainNotFound' },
  Search_Keyword_Missed: { eventCategory: 'Missed Search - Keyword', eventAction: 'KeywordNotFound' },
  Search_Url_Missed: { eventCategory: 'Missed Search - Url', eventAction: 'UrlNotFound' },
} as const;
export type MissedSearchEventName = keyof typeof missedSearchEvents;
export const missedSearchEventNames = Object.keys(missedSearchEvents) as [MissedSearchEventName, ...MissedSearchEventName[]];

/** The missed-search event for a result type that was not found. */
export const missedSearchEventFor: Record<SearchResultType, MissedSearchEventName> = {
  domain: 'Search_Domain_Missed',
  term: 'Search_Keyword_Missed',
  url: 'Search_Url_Missed',
};

/** GET /rest/research/footprint: docs/product/site.md §3 "Footprint stats", plus where the data comes from. */
/** GET /rest/research/footprint: the warehouse's size and freshness. */
export const footprintStatsSchema = z.object({
  lastUpdated: z.string().nullable(),
  totalResults: z.number(),
  totalDomains: z.number(),
  latestMonth: z.string().nullable(),
  isDemoData: z.boolean(),
});
export type FootprintStats = z.infer<typeof footprintStatsSchema>;
