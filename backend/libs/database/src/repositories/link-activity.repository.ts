import type { EntityManager } from '@mikro-orm/postgresql';
import type { LinkTask } from '@serpwise/contracts';
import { randomUUID } from 'node:crypto';
import { isoOf } from './sql-arrays.js';

export interface LinkNoteRecord {
  id: string;
  linkId: string;
  text: string;
  authorEmail: string | null;
  createdAt: string;
}

/** A link's task (contracts' LinkTask) under the database's names: id and linkId. */
export type LinkTaskRecord = Omit<LinkTask, 'taskRowId' | 'urlId'> & { id: string; linkId: string };

export interface LinkContactEventRecord {
  id: string;
  linkId: string;
  url: string;
  eventType: string;
  eventDate: string;
  notes: string | null;
  contact: { id: string; name: string | null; email: string | null } | null;
  createdAt: string;
}

export interface OutreachHistoryRecord {
  id: string;
  projectId: string | null;
  linkId: string | null;
  url: string | null;
  domain: string | null;
  action: string;
  details: string | null;
  userEmail: string | null;
  createdAt: string;
}

/** Which link a changed row belonged to, for the history. */
export interface ActivityOwner {
  linkId: string;
}

/**
 * Notes, tasks and contact events of links, and the outreach history. Reads and deletes join the link and name its
 * owner, so another account's rows are not found.
 */
export class LinkActivityRepository {
  constructor(private readonly em: EntityManager) {}

  // ------------------------------------------------------------------ notes

  async listNotes(ownerUserId: string, linkId: string): Promise<LinkNoteRecord[]> {
    const rows = await this.em.execute<{ id: string; link_id: string; text: string; email: string | null; created_at: Date }[]>(
      `select n.id, n.link_id, n.text, u.email, n.created_at from link_note n join outreach_link l on l.id = n.link_id
       left join app_user u on u.id = n.author_user_id
       where l.owner_user_id = ? and n.link_id = ? order by n.created_at desc, n.id`,
      [ownerUserId, linkId],
    );
    return rows.map((row) => ({ id: row.id, linkId: row.link_id, text: row.text, authorEmail: row.email, createdAt: isoOf(row.created_at) }));
  }

  async addNote(linkId: string, authorUserId: string, text: string): Promise<string> {
    const id = randomUUID();
    await this.em.execute('insert into link_note (id, link_id, author_user_id, text, created_at) values (?, ?, ?, ?, now())', [id, linkId, authorUserId, text]);
    return id;
  }

  async deleteNote(ownerUserId: string, noteId: string): Promise<ActivityOwner | null> {
    const rows = await this.em.execute<{ link_id: string }[]>(
      'delete from link_note n using outreach_link l where l.id = n.link_id and l.owner_user_id = ? and n.id = ? returning n.link_id',
      [ownerUserId, noteId],
    );
    return rows[0] ? { linkId: rows[0].link_id } : null;
  }

  // ------------------------------------------------------------------ tasks

  private static taskColumns = `t.id, t.link_id, t.title, t.details, to_char(t.due_date, 'YYYY-MM-DD') as due_date, t.is_complete, t.completed_at, t.created_at`;

  private static toTask = (row: {
    id: string;
    link_id: string;
    title: string;
    details: string | null;
    due_date: string | null;
    is_complete: boolean;
    completed_at: Date | null;
    created_at: Date;
  }): LinkTaskRecord => ({
    id: row.id,
    linkId: row.link_id,
    title: row.title,
    details: row.details,
    dueDate: row.due_date,
    isComplete: row.is_complete,
    completedAt: row.completed_at ? isoOf(row.completed_at) : null,
    createdAt: isoOf(row.created_at),
  });

  async listTasks(ownerUserId: string, linkId: string): Promise<LinkTaskRecord[]> {
    const rows = await this.em.execute<Parameters<typeof LinkActivityRepository.toTask>[0][]>(
      `select ${LinkActivityRepository.taskColumns} from link_task t join outreach_link l on l.id = t.link_id
       where l.owner_user_id = ? and t.link_id = ? order by t.is_complete, t.due_date nulls last, t.created_at, t.id`,
      [ownerUserId, linkId],
    );
    return rows.map(LinkActivityRepository.toTask);
  }

  async findTask(ownerUserId: string, taskId: string): Promise<LinkTaskRecord | null> {
    const rows = await this.em.execute<Parameters<typeof LinkActivityRepository.toTask>[0][]>(
      `select ${LinkActivityRepository.taskColumns} from link_task t join outreach_link l on l.id = t.link_id where l.owner_user_id = ? and t.id = ?`,
      [ownerUserId, taskId],
    );
    return rows[0] ? LinkActivityRepository.toTask(rows[0]) : null;
  }

  async addTask(linkId: string, authorUserId: string, input: { title: string; details?: string | null; dueDate?: string | null }): Promise<string> {
    const id = randomUUID();
    await this.em.execute(
      `insert into link_task (id, link_id, author_user_id, title, details, due_date, is_complete, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?::date, false, now(), now())`,
      [id, linkId, authorUserId, input.title, input.details ?? null, input.dueDate ?? null],
    );
    return id;
  }

  /** Changes the given fields (null clears details or the due date); completing stamps completedAt. */
  async updateTask(
    ownerUserId: string,
    taskId: string,
    changes: { title?: string; details?: string | null; dueDate?: string | null; isComplete?: boolean },
  ): Promise<LinkTaskRecord | null> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update link_task t set
         title = coalesce(?, t.title),
         details = case when ?::boolean then ? else t.details end,
         due_date = case when ?::boolean then ?::date else t.due_date end,
         is_complete = coalesce(?::boolean, t.is_complete),
         completed_at = case when ?::boolean is null then t.completed_at when ?::boolean then coalesce(t.completed_at, now()) else null end,
         updated_at = now()
       from outreach_link l where l.id = t.link_id and l.owner_user_id = ? and t.id = ? returning t.id`,
      [
        changes.title ?? null,
        changes.details !== undefined,
        changes.details ?? null,
        changes.dueDate !== undefined,
        changes.dueDate ?? null,
        changes.isComplete ?? null,
        changes.isComplete ?? null,
        changes.isComplete ?? null,
        ownerUserId,
        taskId,
      ],
    );
    return rows.length ? this.findTask(ownerUserId, taskId) : null;
  }

  async deleteTask(ownerUserId: string, taskId: string): Promise<(ActivityOwner & { title: string }) | null> {
    const rows = await this.em.execute<{ link_id: string; title: string }[]>(
      'delete from link_task t using outreach_link l where l.id = t.link_id and l.owner_user_id = ? and t.id = ? returning t.link_id, t.title',
      [ownerUserId, taskId],
    );
    return rows[0] ? { linkId: rows[0].link_id, title: rows[0].title } : null;
  }

  // ------------------------------------------------------------------ contact events

  private static eventSelect = `select e.id, e.link_id, l.url, e.event_type, to_char(e.event_date, 'YYYY-MM-DD') as event_date, e.notes, e.created_at,
      c.id as contact_id, c.name as contact_name, c.email as contact_email
    from link_contact_event e join outreach_link l on l.id = e.link_id left join outreach_contact c on c.id = e.contact_id`;

  private static toEvent = (row: {
    id: string;
    link_id: string;
    url: string;
    event_type: string;
    event_date: string;
    notes: string | null;
    created_at: Date;
    contact_id: string | null;
    contact_name: string | null;
    contact_email: string | null;
  }): LinkContactEventRecord => ({
    id: row.id,
    linkId: row.link_id,
    url: row.url,
    eventType: row.event_type,
    eventDate: row.event_date,
    notes: row.notes,
    contact: row.contact_id ? { id: row.contact_id, name: row.contact_name, email: row.contact_email } : null,
    createdAt: isoOf(row.created_at),
  });

  async listEvents(ownerUserId: string, scope: { linkId?: string; contactId?: string }): Promise<LinkContactEventRecord[]> {
    const rows = await this.em.execute<Parameters<typeof LinkActivityRepository.toEvent>[0][]>(
      `${LinkActivityRepository.eventSelect}
       where l.owner_user_id = ? and (?::uuid is null or e.link_id = ?::uuid) and (?::uuid is null or e.contact_id = ?::uuid)
       order by e.event_date desc, e.created_at desc, e.id`,
      [ownerUserId, scope.linkId ?? null, scope.linkId ?? null, scope.contactId ?? null, scope.contactId ?? null],
    );
    return rows.map(LinkActivityRepository.toEvent);
  }

  async findEvent(ownerUserId: string, id: string): Promise<LinkContactEventRecord | null> {
    const rows = await this.em.execute<Parameters<typeof LinkActivityRepository.toEvent>[0][]>(
      `${LinkActivityRepository.eventSelect} where l.owner_user_id = ? and e.id = ?`,
      [ownerUserId, id],
    );
    return rows[0] ? LinkActivityRepository.toEvent(rows[0]) : null;
  }

  async addEvent(
    linkId: string,
    authorUserId: string,
    input: { eventType: string; eventDate: string; notes?: string | null; contactId?: string | null },
  ): Promise<string> {
    const id = randomUUID();
    await this.em.execute(
      `insert into link_contact_event (id, link_id, contact_id, author_user_id, event_type, event_date, notes, created_at)
       values (?, ?, ?, ?, ?, ?::date, ?, now())`,
      [id, linkId, input.contactId ?? null, authorUserId, input.eventType, input.eventDate, input.notes ?? null],
    );
    return id;
  }

  async deleteEvent(ownerUserId: string, id: string): Promise<(ActivityOwner & { eventType: string }) | null> {
    const rows = await this.em.execute<{ link_id: string; event_type: string }[]>(
      'delete from link_contact_event e using outreach_link l where l.id = e.link_id and l.owner_user_id = ? and e.id = ? returning e.link_id, e.event_type',
      [ownerUserId, id],
    );
    return rows[0] ? { linkId: rows[0].link_id, eventType: rows[0].event_type } : null;
  }

  // ------------------------------------------------------------------ history

  async addHistory(entry: {
    ownerUserId: string;
    projectId: string | null;
    linkId: string | null;
    websiteId: string | null;
    actorUserId: string;
    action: string;
    url: string | null;
    domain: string | null;
    details?: string | null;
  }): Promise<void> {
    await this.em.execute(
      `insert into outreach_history (id, owner_user_id, project_id, link_id, website_id, actor_user_id, action, url, domain, details, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, clock_timestamp())`,
      [
        randomUUID(),
        entry.ownerUserId,
        entry.projectId,
        entry.linkId,
        entry.websiteId,
        entry.actorUserId,
        entry.action,
        entry.url,
        entry.domain,
        entry.details ? entry.details.slice(0, 500) : null,
      ],
    );
  }

  /** Newest first: of one link, of one project, or ('all') of every project of the owner. */
  async listHistory(ownerUserId: string, scope: { projectId: string | 'all'; linkId?: string }, limit: number): Promise<OutreachHistoryRecord[]> {
    const rows = await this.em.execute<
      { id: string; project_id: string | null; link_id: string | null; url: string | null; domain: string | null; action: string; details: string | null; email: string | null; created_at: Date }[]
    >(
      `select h.id, h.project_id, h.link_id, h.url, h.domain, h.action, h.details, u.email, h.created_at
       from outreach_history h left join app_user u on u.id = h.actor_user_id
       where h.owner_user_id = ? and (?::text = 'all' or h.project_id = (case when ?::text = 'all' then null else ?::text end)::uuid)
         and (?::uuid is null or h.link_id = ?::uuid)
       order by h.created_at desc, h.id limit ?`,
      [ownerUserId, scope.projectId, scope.projectId, scope.projectId, scope.linkId ?? null, scope.linkId ?? null, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      projectId: row.project_id,
      linkId: row.link_id,
      url: row.url,
      domain: row.domain,
      action: row.action,
      details: row.details,
      userEmail: row.email,
      createdAt: isoOf(row.created_at),
    }));
  }
}
