import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';

export interface NewMissedSearchEvent {
  userId: string;
  sessionId: string;
  eventName: string;
  eventCategory: string;
  eventAction: string;
  pageName: string | null;
  query: string | null;
  territory: string | null;
}

/** The log of searches that found nothing, for logged-in users. */
export class MissedSearchEventRepository {
  constructor(private readonly em: EntityManager) {}

  async add(event: NewMissedSearchEvent): Promise<void> {
    await this.em.execute(
      `insert into missed_search_event (id, user_id, session_id, event_name, event_category, event_action, page_name, query, territory, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, now())`,
      [randomUUID(), event.userId, event.sessionId, event.eventName, event.eventCategory, event.eventAction, event.pageName, event.query, event.territory],
    );
  }
}
