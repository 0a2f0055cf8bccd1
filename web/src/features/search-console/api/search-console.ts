import { restPrefix, searchConsoleCallbackPath, type SearchConsoleCountry, type SearchConsoleMonth, type SearchConsoleSite, type SearchConsoleState } from '@serpwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const base = `${restPrefix}/search-console`;
export const searchConsoleKey = ['search-console'] as const;
export const searchConsoleSitesKey = ['search-console', 'sites'] as const;
export const searchConsoleMonthsKey = (propertyId: string) => ['search-console', 'months', propertyId] as const;

/** GET /rest/search-console: configured, connected, the consent screen's address, the picked properties and their syncs. */
export const useSearchConsoleState = () => useQuery({ queryKey: searchConsoleKey, queryFn: () => apiRequest<SearchConsoleState>(base) });

/** GET /rest/search-console/sites: the properties the connected Google account can read. */
export const useSearchConsoleSites = (enabled: boolean) =>
  useQuery({ queryKey: searchConsoleSitesKey, queryFn: () => apiRequest<SearchConsoleSite[]>(`${base}/sites`), enabled, retry: false });

/** GET /rest/search-console/properties/:id/months: the site's own clicks and impressions by month. */
export const useSearchConsoleMonths = (propertyId: string, enabled: boolean) =>
  useQuery({ queryKey: searchConsoleMonthsKey(propertyId), queryFn: () => apiRequest<SearchConsoleMonth[]>(`${base}/properties/${propertyId}/months`), enabled });

/** GET /rest/search-console/properties/:id/countries: the site by country (under the months' key: read again with them). */
export const useSearchConsoleCountries = (propertyId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...searchConsoleMonthsKey(propertyId), 'countries'],
    queryFn: () => apiRequest<SearchConsoleCountry[]>(`${base}/properties/${propertyId}/countries`),
    enabled,
  });

/** POST /rest/search-console/connect: the code Google's consent screen gave the callback. */
export const connectSearchConsole = (code: string) => apiRequest<SearchConsoleState>(`${base}/connect`, { method: 'POST', body: { code } });

function useStateChange<T, R extends SearchConsoleState = SearchConsoleState>(call: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (state) => {
      client.setQueryData(searchConsoleKey, state);
      void client.invalidateQueries({ queryKey: searchConsoleSitesKey });
      // The job center's list learns of a sync started here.
      void client.invalidateQueries({ queryKey: ['jobs'] });
    },
  });
}

/** POST /rest/search-console/properties: picks properties; each starts its backfill. */
export const usePickProperties = () => useStateChange((siteUrls: string[]) => apiRequest<SearchConsoleState>(`${base}/properties`, { method: 'POST', body: { siteUrls } }));

/** POST /rest/search-console/properties/:id/sync: fetch the new days now. */
export const useSyncNow = () => useStateChange((propertyId: string) => apiRequest<SearchConsoleState>(`${base}/properties/${propertyId}/sync`, { method: 'POST' }));

/** POST /rest/search-console/disconnect: the tokens go; with removeData, every row Search Console brought too. */
export const useDisconnect = () =>
  useStateChange((removeData: boolean) => apiRequest<SearchConsoleState & { message: string }>(`${base}/disconnect`, { method: 'POST', body: { removeData } }));

export const searchConsoleStateKey = 'serpwise.searchConsoleState';

/** The consent screen's address with a state the callback checks (kept in sessionStorage: same tab, full-page redirect). */
export function searchConsoleConsentUrl(authorizeUrl: string): string {
  const state = crypto.randomUUID();
  sessionStorage.setItem(searchConsoleStateKey, state);
  const url = new URL(authorizeUrl);
  if (!url.searchParams.has('redirect_uri')) url.searchParams.set('redirect_uri', `${window.location.origin}${searchConsoleCallbackPath}`);
  url.searchParams.set('state', state);
  return url.toString();
}
