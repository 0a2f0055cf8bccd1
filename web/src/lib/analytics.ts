import { analyticsEvents, type AnalyticsEventName } from '@serpwise/contracts';
import { apiRequest } from './api-client';

/**
 * An analytics event only the browser sees (a clipboard copy, a help link), through the documented call GET
 * /endpoints/accountapi/performloggedineventlogging (docs/product/site.md §7, docs/product/analytics.md): eventName,
 * eventCategory, eventAction, pageName '' and the label. Logged-in users only (the server drops a visitor's);
 * failures are ignored, as documented.
 */
export async function logEvent(name: AnalyticsEventName, label: string | null = null): Promise<void> {
  const { category, action } = analyticsEvents[name];
  try {
    await apiRequest('/endpoints/accountapi/performloggedineventlogging', {
      query: { eventName: name, eventCategory: category, eventAction: action, pageName: '', ...(label === null ? {} : { eventLabel: label }) },
    });
  } catch {
    // Documented: failures of this call are ignored.
  }
}
