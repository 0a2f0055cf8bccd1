import { Injectable } from '@nestjs/common';
import { isMissedSearchEvent, missedSearchEvents, type LoggedInEventRequest } from '@serpwise/contracts';
import { MissedSearchEventRepository } from '@serpwise/database';
import { AnalyticsRecorder } from '@serpwise/platform';
import type { RequestSession } from '../sessions/request-session.js';

/**
 * GET /endpoints/accountapi/performloggedineventlogging, for logged-in users only (docs/product/site.md §7); a
 * visitor's call is accepted and dropped. A missed search goes to the missed-search log (with its query) and to the
 * analytics events (without it); the browser's own events (a clipboard copy, a help link) to the analytics events.
 */
@Injectable()
export class MissedSearchService {
  constructor(
    private readonly events: MissedSearchEventRepository,
    private readonly analytics: AnalyticsRecorder,
  ) {}

  async log(session: RequestSession | undefined, event: LoggedInEventRequest): Promise<{ logged: boolean }> {
    // Logged in means the session has a user (request.serpwiseSession.userId set by the accounts module).
    if (!session?.userId) return { logged: false };
    if (!isMissedSearchEvent(event.eventName)) {
      return { logged: await this.analytics.recordNow(event.eventName, event.eventLabel || null, 'client') };
    }
    const documented = missedSearchEvents[event.eventName];
    await this.events.add({
      userId: session.userId,
      sessionId: session.id,
      eventName: event.eventName,
      eventCategory: event.eventCategory || documented.eventCategory,
      eventAction: event.eventAction || documented.eventAction,
      pageName: event.pageName || null,
      query: event.query || null,
      territory: event.countryCode,
    });
    this.analytics.record(event.eventName, null, 'client');
    return { logged: true };
  }
}
