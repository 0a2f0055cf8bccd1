import { Injectable } from '@nestjs/common';
import { outreachMessages, type LinkContactEvent, type LinkNote, type LinkTask, type OutreachHistoryAction } from '@serpwise/contracts';
import { LinkActivityRepository } from '@serpwise/database';
import type { Identity } from '../../sessions/request-session.js';
import { OutreachLookupService } from './outreach-lookup.service.js';
import { toContactEvent, toLinkNote, toLinkTask } from './outreach-shapes.js';
import { ProjectRefusal } from '../core/project-refusal.js';
import { ProjectScopeService } from '../core/project-scope.service.js';
import { ProjectTransactions } from '../core/project-transactions.js';

const today = () => new Date().toISOString().slice(0, 10);

/** A link's notes, tasks and contact events (LinkNotes/*, LinkTasks/*, LinkContactEvents/*), each change in the history. */
@Injectable()
export class LinkActivityService {
  constructor(
    private readonly scope: ProjectScopeService,
    private readonly activity: LinkActivityRepository,
    private readonly lookup: OutreachLookupService,
    private readonly transactions: ProjectTransactions,
  ) {}

  // ------------------------------------------------------------------ notes

  async notes(identity: Identity, query: { projectId?: string; urlId: string }): Promise<LinkNote[]> {
    const caller = await this.scope.caller(identity, 'read');
    const link = await this.lookup.link(caller, query.urlId, query.projectId);
    return (await this.activity.listNotes(caller.ownerUserId, link.id)).map(toLinkNote);
  }

  async addNote(identity: Identity, query: { projectId?: string; urlId: string; note: string }): Promise<LinkNote> {
    const caller = await this.scope.caller(identity, 'write');
    const link = await this.lookup.link(caller, query.urlId, query.projectId);
    return this.transactions.run(async ({ activity }) => {
      const id = await activity.addNote(link.id, caller.userId, query.note);
      await this.lookup.recordForLink(caller, link, 'note-added', query.note.slice(0, 120), activity);
      return toLinkNote((await activity.listNotes(caller.ownerUserId, link.id)).find((note) => note.id === id)!);
    });
  }

  deleteNote(identity: Identity, query: { noteRowId: string }): Promise<{ isSuccessful: true }> {
    return this.deleteFromLink(identity, (activity, ownerUserId) => activity.deleteNote(ownerUserId, query.noteRowId), outreachMessages.noteNotFound, 'note-deleted', () => undefined);
  }

  // ------------------------------------------------------------------ tasks

  async tasks(identity: Identity, query: { projectId?: string; urlId: string }): Promise<LinkTask[]> {
    const caller = await this.scope.caller(identity, 'read');
    const link = await this.lookup.link(caller, query.urlId, query.projectId);
    return (await this.activity.listTasks(caller.ownerUserId, link.id)).map(toLinkTask);
  }

  async addTask(identity: Identity, query: { projectId?: string; urlId: string; title: string; details?: string; dueDate?: string }): Promise<LinkTask> {
    const caller = await this.scope.caller(identity, 'write');
    const link = await this.lookup.link(caller, query.urlId, query.projectId);
    return this.transactions.run(async ({ activity }) => {
      const id = await activity.addTask(link.id, caller.userId, { title: query.title, details: query.details?.trim() || null, dueDate: query.dueDate ?? null });
      await this.lookup.recordForLink(caller, link, 'task-added', query.title, activity);
      return toLinkTask((await activity.findTask(caller.ownerUserId, id))!);
    });
  }

  async updateTask(
    identity: Identity,
    query: { taskRowId: string; title?: string; details?: string | null; dueDate?: string | null; isComplete?: boolean },
  ): Promise<LinkTask> {
    const caller = await this.scope.caller(identity, 'write');
    return this.transactions.run(async ({ activity, outreach }) => {
      const before = await activity.findTask(caller.ownerUserId, query.taskRowId);
      if (!before) throw new ProjectRefusal(404, outreachMessages.taskNotFound);
      const task = await activity.updateTask(caller.ownerUserId, query.taskRowId, {
        title: query.title,
        details: query.details === undefined ? undefined : query.details?.trim() || null,
        dueDate: query.dueDate,
        isComplete: query.isComplete,
      });
      const completed = !before.isComplete && task!.isComplete;
      await this.lookup.recordForLink(caller, await this.lookup.link(caller, before.linkId, undefined, outreach), completed ? 'task-completed' : 'task-updated', task!.title, activity);
      return toLinkTask(task!);
    });
  }

  deleteTask(identity: Identity, query: { taskRowId: string }): Promise<{ isSuccessful: true }> {
    return this.deleteFromLink(identity, (activity, ownerUserId) => activity.deleteTask(ownerUserId, query.taskRowId), outreachMessages.taskNotFound, 'task-deleted', (task) => task.title);
  }

  // ------------------------------------------------------------------ contact events

  async events(identity: Identity, query: { projectId?: string; urlId: string }): Promise<LinkContactEvent[]> {
    const caller = await this.scope.caller(identity, 'read');
    const link = await this.lookup.link(caller, query.urlId, query.projectId);
    return (await this.activity.listEvents(caller.ownerUserId, { linkId: link.id })).map(toContactEvent);
  }

  /** Records a contact; a named person (contactId, or name and e-mail) becomes a contact of the link's website. */
  async addEvent(
    identity: Identity,
    query: { projectId?: string; urlId: string; eventType: string; eventDate?: string; notes?: string; contactId?: string; contactName?: string; contactEmail?: string },
  ): Promise<LinkContactEvent> {
    const caller = await this.scope.caller(identity, 'write');
    const link = await this.lookup.link(caller, query.urlId, query.projectId);
    return this.transactions.run(async ({ activity, outreach }) => {
      let contactId: string | null = null;
      if (query.contactId) {
        const contact = await outreach.findContact(caller.ownerUserId, query.contactId);
        if (!contact || contact.websiteId !== link.websiteId) throw new ProjectRefusal(404, outreachMessages.contactNotFound);
        contactId = contact.id;
      } else if (query.contactName || query.contactEmail) {
        contactId = (await outreach.ensureContact(link.websiteId, { name: query.contactName, email: query.contactEmail })).id;
      }
      const id = await activity.addEvent(link.id, caller.userId, {
        eventType: query.eventType,
        eventDate: query.eventDate ?? today(),
        notes: query.notes?.trim() || null,
        contactId,
      });
      await this.lookup.recordForLink(caller, link, 'contact-event-added', query.eventType, activity);
      return toContactEvent((await activity.findEvent(caller.ownerUserId, id))!);
    });
  }

  deleteEvent(identity: Identity, query: { rowId: string }): Promise<{ isSuccessful: true }> {
    return this.deleteFromLink(identity, (activity, ownerUserId) => activity.deleteEvent(ownerUserId, query.rowId), outreachMessages.contactEventNotFound, 'contact-event-deleted', (event) => event.eventType);
  }

  /** Deletes a note, task or contact event of one of the caller's links (404 when there is none) and writes it in the link's history. */
  private async deleteFromLink<Removed extends { linkId: string }>(
    identity: Identity,
    remove: (activity: LinkActivityRepository, ownerUserId: string) => Promise<Removed | null>,
    notFoundMessage: string,
    action: OutreachHistoryAction,
    detailsOf: (removed: Removed) => string | undefined,
  ): Promise<{ isSuccessful: true }> {
    const caller = await this.scope.caller(identity, 'write');
    return this.transactions.run(async ({ activity, outreach }) => {
      const removed = await remove(activity, caller.ownerUserId);
      if (!removed) throw new ProjectRefusal(404, notFoundMessage);
      await this.lookup.recordForLink(caller, await this.lookup.link(caller, removed.linkId, undefined, outreach), action, detailsOf(removed), activity);
      return { isSuccessful: true };
    });
  }
}
