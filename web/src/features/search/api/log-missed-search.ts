import { missedSearchEventFor, missedSearchEvents, type SearchResultType } from '@serpwise/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /endpoints/accountapi/performloggedineventlogging (docs/product/site.md §7): logged-in users only; failures are ignored. */
export async function logMissedSearch(type: SearchResultType, query: string, countryCode?: string): Promise<void> {
  const eventName = missedSearchEventFor[type];
  const { eventCategory, eventAction } = missedSearchEvents[eventName];
  try {
    await apiRequest('/endpoints/accountapi/performloggedineventlogging', {
      query: { eventName, eventCategory, eventAction, pageName: '', query, countryCode },
    });
  } catch {
    // Documented: failures of the missed-search log are ignored.
  }
}
