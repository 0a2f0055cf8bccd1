import { contactEventTypes, type ContactEventType, type ContactSummary } from '@serpwise/contracts';
import { useId, useState, type FormEvent } from 'react';
import { TextareaWithCounter } from '@/components/form/textarea-with-counter';
import { Spinner } from '@/components/ui/spinner';
import { errorsOf } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { addLinkContactEvent, deleteLinkContactEvent, getLinkContactEvents, useOutreachRecord } from '@/features/projects/api/outreach';
import { RowDelete } from '../row-delete';
import { useOutreachChange } from './use-outreach-change';
import { SimpleTable } from '@/components/ui/simple-table';

const eventTypeNames: Record<ContactEventType, string> = { email: 'E-mail', phone: 'Phone', social: 'Social', form: 'Contact form', meeting: 'Meeting', other: 'Other' };

const emptyEvent = { eventType: 'email' as ContactEventType, eventDate: '', contactId: '', contactName: '', contactEmail: '', notes: '' };

/** A new contact event: with one of the website's contacts, or a new one by name and e-mail. */
function EventForm({ contacts, onAdd }: { contacts: ContactSummary[]; onAdd: (event: typeof emptyEvent) => Promise<boolean> }) {
  const [event, setEvent] = useState(emptyEvent);
  const [saving, setSaving] = useState(false);
  const id = useId();
  const submit = async (formEvent: FormEvent) => {
    formEvent.preventDefault();
    setSaving(true);
    if (await onAdd(event)) setEvent(emptyEvent);
    setSaving(false);
  };
  return (
    <form className="msf-form" aria-label="Add a contact event" onSubmit={(formEvent) => void submit(formEvent)}>
      <div className="field">
        <label htmlFor={`${id}-type`}>Event type</label>
        <select id={`${id}-type`} value={event.eventType} onChange={(change) => setEvent({ ...event, eventType: change.target.value as ContactEventType })}>
          {contactEventTypes.map((type) => (
            <option key={type} value={type}>
              {eventTypeNames[type]}
            </option>
          ))}
        </select>
      </div>
      <label className="field">
        <span>Event date</span>
        <input type="date" value={event.eventDate} onChange={(change) => setEvent({ ...event, eventDate: change.target.value })} />
      </label>
      {contacts.length > 0 && (
        <div className="field">
          <label htmlFor={`${id}-contact`}>Contact</label>
          <select id={`${id}-contact`} value={event.contactId} onChange={(change) => setEvent({ ...event, contactId: change.target.value })}>
            <option value="">A new contact…</option>
            {contacts.map((contact) => (
              <option key={contact.contactId} value={contact.contactId}>
                {contact.name ?? contact.email}
              </option>
            ))}
          </select>
        </div>
      )}
      {!event.contactId && (
        <>
          <label className="field">
            <span>Contact name</span>
            <input value={event.contactName} maxLength={120} onChange={(change) => setEvent({ ...event, contactName: change.target.value })} />
          </label>
          <label className="field">
            <span>Contact e-mail</span>
            <input type="email" value={event.contactEmail} onChange={(change) => setEvent({ ...event, contactEmail: change.target.value })} />
          </label>
        </>
      )}
      <TextareaWithCounter label="Event notes" value={event.notes} onChange={(notes) => setEvent({ ...event, notes })} />
      <button type="submit" className="button button--small button--primary" disabled={saving}>
        Add contact event
      </button>
    </form>
  );
}

/** LinkContactEvents: who was contacted how and when; add and delete (Delete / Keep). */
export function LinkContactEvents({ urlId, contacts }: { urlId: string; contacts: ContactSummary[] }) {
  const run = useOutreachChange();
  const events = useOutreachRecord('events', urlId, () => getLinkContactEvents(urlId));
  return (
    <section aria-label="Contact events">
      <EventForm contacts={contacts} onAdd={async (event) => (await run(() => addLinkContactEvent(urlId, event))) !== false} />
      {events.isLoading ? (
        <Spinner label="Loading contact events" />
      ) : events.error ? (
        <p role="alert">{errorsOf(events.error).join(' ')}</p>
      ) : !events.data?.length ? (
        <p className="msf-empty">No contact events yet.</p>
      ) : (
        <SimpleTable
          className="msf-table"
          label="Contact events of the link"
          columns={[
            { header: 'Date', cell: (event) => formatDate(event.eventDate) },
            { header: 'Type', cell: (event) => eventTypeNames[event.eventType] },
            { header: 'Contact', cell: (event) => (event.contact ? [event.contact.name, event.contact.email].filter(Boolean).join(' · ') : '—') },
            { header: 'Notes', cell: (event) => event.notes ?? '' },
            {
              cell: (event) => (
                <RowDelete name={`${eventTypeNames[event.eventType]} event`} onDelete={() => run(() => deleteLinkContactEvent(event.rowId)).then(() => undefined)} />
              ),
            },
          ]}
          rows={events.data}
          rowKey={(event) => event.rowId}
        />
      )}
    </section>
  );
}

export { eventTypeNames };
