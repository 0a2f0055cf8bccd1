import type { ContactSummary } from '@serpwise/contracts';
import { SimpleTable, type SimpleColumn } from '@/components/ui/simple-table';
import { Spinner } from '@/components/ui/spinner';
import { errorsOf } from '@/lib/api-client';
import { formatDate, formatNumber } from '@/lib/format';
import { getContact, useOutreachRecord } from '@/features/projects/api/outreach';
import type { MsfParams } from '@/features/projects/msf';
import { eventTypeNames } from './link-events';
import { linkRoute } from './outreach-history';
import { FactList } from '../fact-list';

type Go = (route: string, params?: MsfParams) => void;

/** Contacts, each row opening contacts-details. */
export function ContactsTable({ contacts, go, label }: { contacts: ContactSummary[]; go: Go; label: string }) {
  const columns: SimpleColumn<ContactSummary>[] = [
    {
      header: 'Contact',
      cell: (contact) => (
        <button type="button" className="button--link" onClick={() => go('contacts-details', { contactId: contact.contactId, domainId: contact.domainId })}>
          {contact.name ?? contact.email ?? 'Unnamed contact'}
        </button>
      ),
    },
    { header: 'E-mail', cell: (contact) => contact.email ?? '' },
    { header: 'Website', cell: (contact) => contact.domainName },
    { header: 'Events', cell: (contact) => formatNumber(contact.eventCount) },
    { header: 'Last contacted', cell: (contact) => formatDate(contact.lastContactedAt) },
  ];
  return <SimpleTable className="msf-table" label={label} columns={columns} rows={contacts} rowKey={(contact) => contact.contactId} />;
}

/** contacts-details (param contactId): the contact's fields (rest/projects/contact) and its contact events by link. */
export function ContactDetailsView({ contactId, go }: { contactId: string; go: Go }) {
  const details = useOutreachRecord('contact', contactId, () => getContact(contactId));
  if (details.isLoading) return <Spinner label="Loading the contact" />;
  if (details.error || !details.data) return <p role="alert">{errorsOf(details.error).join(' ')}</p>;
  const { contact, events } = details.data;
  return (
    <section aria-label="Contact details" className="msf-details">
      <h3>{contact.name ?? contact.email ?? 'Unnamed contact'}</h3>
      <FactList
        facts={[
          ['E-mail', contact.email ? <a href={`mailto:${contact.email}`}>{contact.email}</a> : '–'],
          ['Role', contact.role ?? '–'],
          ['Website', <button type="button" className="button--link" onClick={() => go('website-details', { domainId: contact.domainId })}>{contact.domainName}</button>],
          ['Last contacted', formatDate(contact.lastContactedAt)],
        ]}
      />
      <h4>Contact events</h4>
      {events.length === 0 ? (
        <p className="msf-empty">No contact events with this contact yet.</p>
      ) : (
        <SimpleTable
          className="msf-table"
          label="Contact events of the contact"
          columns={[
            { header: 'Date', cell: (event) => formatDate(event.eventDate) },
            { header: 'Type', cell: (event) => eventTypeNames[event.eventType] },
            {
              header: 'Link',
              cell: (event) => (
                <button type="button" className="button--link" onClick={() => go('link-details', linkRoute({ urlId: event.urlId, urlName: event.urlName }))}>
                  {event.urlName}
                </button>
              ),
            },
            { header: 'Notes', cell: (event) => event.notes ?? '' },
          ]}
          rows={events}
          rowKey={(event) => event.rowId}
        />
      )}
    </section>
  );
}
