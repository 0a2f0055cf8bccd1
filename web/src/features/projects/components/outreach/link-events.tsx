import { contactEventTypes, type ContactEventType, type ContactSummary } from '@serpwise/contracts';
import { useState, type FormEvent } from 'react';
import { TextareaWithCounter } from '@/components/form/textarea-with-counter';
import { optionsOf, SelectField } from '@/components/form/select-field';
import { formatDate } from '@/lib/format';
import { addLinkContactEvent, deleteLinkContactEvent, getLinkContactEvents, useOutreachRecord } from '@/features/projects/api/outreach';
import { RowDelete } from '../row-delete';
import { useOutreachChange } from './use-outreach-change';
import { SimpleTable } from '@/components/ui/simple-table';
import { LinkRecords } from './link-records';

const eventTypeNames: Record<ContactEventType, string> = { email: 'E-mail', phone: 'Phone', social: 'Social', form: 'Contact form', meeting: 'Meeting', other: 'Other' };
const eventTypeOptions = optionsOf(contactEventTypes, (type) => eventTypeNames[type]);

const emptyEvent = { eventType: 'email' as ContactEventType, eventDate: '', contactId: '', contactName: '', contactEmail: '', notes: '' };

/** A new contact event: with one of the website's contacts, or a new one by name and e-mail. */
function EventForm({ contacts, onAdd }: { contacts: ContactSummary[]; onAdd: (event: typeof emptyEvent) => Promise<boolean> }) {
  const [event, setEvent] = useState(emptyEvent);
  const [saving, setSaving] = useState(false);
  const submit = async (formEvent: FormEvent) => {
    formEvent.preventDefault();
    setSaving(true);
    if (await onAdd(event)) setEvent(emptyEvent);
    setSaving(false);
  };
  return (
    <form className="msf-form" aria-label="Add a contact event" onSubmit={(formEvent) => void submit(formEvent)}>
      <SelectField label="Event type" value={event.eventType} options={eventTypeOptions} onChange={(eventType) => eventType && setEvent({ ...event, eventType })} />
      <label className="field">
        <span>Event date</span>
        <input type="date" value={event.eventDate} onChange={(change) => setEvent({ ...event, eventDate: change.target.value })} />
      </label>
      {contacts.length > 0 && (
        <SelectField
          label="Contact"
          value={event.contactId}
          empty="A new contact…"
          options={contacts.map((contact) => ({ value: contact.contactId, label: contact.name ?? contact.email ?? '' }))}
          onChange={(contactId) => setEvent({ ...event, contactId })}
        />
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
      <LinkRecords query={events} loading="Loading contact events" empty="No contact events yet.">
        {(records) => (
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
            rows={records}
            rowKey={(event) => event.rowId}
          />
        )}
      </LinkRecords>
    </section>
  );
}

export { eventTypeNames };
