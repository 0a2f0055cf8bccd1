import type { Suggestion, TrackingState } from '@serpwise/contracts';
import { apiRequest } from '@/lib/api-client';

export type SuggestionType = TrackingState['homepageSuggestionType'];

/** docs/product/site.md §4: domain, keyword or general suggestions, by the homepageSuggestionType (hqSuggestionType on /hq) setting. */
const suggestionPaths: Record<SuggestionType, string> = {
  domains: '/NsaApi/suggest/getdomainsuggestions',
  keywords: '/NsaApi/suggest/getkeywordsuggestions',
  default: '/NsaApi/suggest/getsuggestions',
};

/** docs/product/site.md §9: the dropdown shows at most 5 suggestions by default. */
export const maxSuggestions = 5;

export const getSuggestions = (type: SuggestionType, query: string, options: { countryCode?: string; limit?: number; signal?: AbortSignal } = {}) =>
  apiRequest<Suggestion[]>(suggestionPaths[type], {
    query: { query, countryCode: options.countryCode, limit: options.limit ?? maxSuggestions },
    signal: options.signal,
  });
