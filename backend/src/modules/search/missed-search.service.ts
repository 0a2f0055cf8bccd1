import { Injectable } from '@nestjs/common';
import { missedSearchEvents, type LoggedInEventRequest } from '@serpwise/contracts';
import { MissedSearchEventRepository } from '@serpwise/database';
import type { RequestSession } from '../sessions/request-session.js';

/** Missed searches are logged for logged-in users only (docs/product/site.md §7); a visitor's call is accepted and dropped. */
@Injectable()
export class MissedSearchService {
  constructor(private readonly events: MissedSearchEventRepository) {}

  async log(session: RequestSession | undefined, event: LoggedInEventRequest): Promise<{ logged: boolean }> {
    // Logged in means the session has a user (request.serpwiseSession.userId set by the accounts module).
    if (!session?.userId) return { logged: false };
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
    return { logged: true };
  }
}
