import { z } from 'zod';
import { countryCodeSchema } from '../research/territories.js';
import { maxQueryLength, missedSearchEventNames, type MissedSearchEventName } from '../research/search.js';
import { analyticsEventNames, analyticsEvents, analyticsLabelProblem, clientAnalyticsEventNames, type AnalyticsEventName } from './analytics-events.js';

const loggedEventNames = [...missedSearchEventNames, ...clientAnalyticsEventNames] as [AnalyticsEventName, ...AnalyticsEventName[]];
export const isMissedSearchEvent = (name: string): name is MissedSearchEventName => (missedSearchEventNames as readonly string[]).includes(name);

/**
 * GET /endpoints/accountapi/performloggedineventlogging (docs/product/site.md §7): the documented eventName,
 * eventCategory, eventAction and pageName; the missed searches and the events only the browser sees (a clipboard
 * copy, a help link). Not documented: eventLabel (checked against the event's list: no personal data) and, for a
 * missed search, the missed query (kept in the missed-search log, never in the analytics label).
 */
export const loggedInEventRequestSchema = z
  .object({
    eventName: z.enum(loggedEventNames, { error: `eventName must be one of ${loggedEventNames.join(', ')}.` }),
    eventCategory: z.string().trim().max(200, 'eventCategory can be at most 200 characters long.').optional(),
    eventAction: z.string().trim().max(200, 'eventAction can be at most 200 characters long.').optional(),
    eventLabel: z.string().trim().max(200, 'eventLabel can be at most 200 characters long.').optional(),
    /** Documented as sent empty; kept when given. */
    pageName: z.string().trim().max(500, 'pageName can be at most 500 characters long.').optional(),
    query: z.string().trim().max(maxQueryLength).optional(),
    countryCode: countryCodeSchema,
  })
  .superRefine((event, context) => {
    const expected = analyticsEvents[event.eventName];
    if (event.eventAction && event.eventAction !== expected.action) {
      context.addIssue({ code: 'custom', path: ['eventAction'], message: `eventAction of ${event.eventName} is ${expected.action}.` });
    }
    if (event.eventCategory && event.eventCategory !== expected.category) {
      context.addIssue({ code: 'custom', path: ['eventCategory'], message: `eventCategory of ${event.eventName} is ${expected.category}.` });
    }
    const problem = analyticsLabelProblem(event.eventName, event.eventLabel || null);
    if (problem) context.addIssue({ code: 'custom', path: ['eventLabel'], message: problem });
  });
export type LoggedInEventRequest = z.infer<typeof loggedInEventRequestSchema>;

const day = (name: string) => z.iso.date({ error: `${name} must be a day (YYYY-MM-DD).` }).optional();

/** The admin page shows at most this many days at once. */
export const analyticsMaxDays = 93;

/** GET /rest/admin/analytics: counts per event per day between from and to (UTC days, both included; default the last 7). */
export const analyticsCountsQuerySchema = z
  .object({ from: day('from'), to: day('to') })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'from must not be after to.', path: ['from'] })
  .refine((query) => !query.from || !query.to || (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 < analyticsMaxDays, {
    message: `Choose at most ${analyticsMaxDays} days.`,
    path: ['to'],
  });
export type AnalyticsCountsQuery = z.infer<typeof analyticsCountsQuerySchema>;

export const analyticsEventCountsSchema = z.object({
  name: z.enum(analyticsEventNames),
  category: z.string(),
  action: z.string(),
  /** One count per day of `days`, in order. */
  counts: z.array(z.number()),
  total: z.number(),
});
export type AnalyticsEventCounts = z.infer<typeof analyticsEventCountsSchema>;

export const analyticsCountsPageSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Every day of the range, oldest first (YYYY-MM-DD, UTC). */
  days: z.array(z.string()),
  /** The events recorded in the range, most first; an event with none is not listed. */
  events: z.array(analyticsEventCountsSchema),
  /** The configured forwarder ('posthog' or 'plausible'), null when events are only kept here. */
  forwarder: z.enum(['posthog', 'plausible']).nullable(),
});
export type AnalyticsCountsPage = z.infer<typeof analyticsCountsPageSchema>;
