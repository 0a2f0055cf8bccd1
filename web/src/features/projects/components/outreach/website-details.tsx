import { allProjectsId, isAllProjects } from '@serpwise/contracts';
import { useState, type FormEvent } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { errorsOf } from '@/lib/api-client';
import { formatDate, formatNumber } from '@/lib/format';
import { getDomainContext, getWebsite, moveDomainToProject, useOutreachRecord } from '@/features/projects/api/outreach';
import { importOutreach } from '@/features/projects/api/project-imports';
import type { MsfParams } from '@/features/projects/msf';
import { useProjectPanel } from '@/features/projects/panel-context';
import { ContactsTable } from './contact-details';
import { linkRoute } from './outreach-history';
import { OutreachAttributes } from './outreach-attributes';
import { projectNameOf } from './project-name';
import { useOutreachChange } from './use-outreach-change';
import { SimpleTable } from '@/components/ui/simple-table';
import { AlsoKeptIn } from './also-kept-in';
import { SelectField } from '@/components/form/select-field';

type Go = (route: string, params?: MsfParams) => void;

/** Contexts/GetDomain: the same domain kept as a website in other projects. */
function DomainContextNote({ domainId, go }: { domainId: string; go: Go }) {
  const context = useOutreachRecord('domain-context', domainId, () => getDomainContext(domainId));
  const others = context.data?.websites.filter((website) => website.domainId !== domainId) ?? [];
  return <AlsoKeptIn copies={others.map((website) => ({ key: website.domainId, projectId: website.projectId, open: () => go('website-details', { domainId: website.domainId }) }))} />;
}

/** ProjectActions/MoveDomainToProject: the website and its links into another project (or All Projects). */
function MoveToProject({ domainId, projectId }: { domainId: string; projectId: string }) {
  const panel = useProjectPanel();
  const run = useOutreachChange();
  const [target, setTarget] = useState('');
  const [moving, setMoving] = useState(false);
  const choices = [{ id: allProjectsId, projectName: 'All Projects' }, ...(panel.projects ?? [])].filter((project) => project.id !== projectId);
  return (
    <form
      className="msf-inline-form"
      aria-label="Move to another project"
      onSubmit={(event) => {
        event.preventDefault();
        if (!target) return;
        setMoving(true);
        void run(() => moveDomainToProject(domainId, target)).then(() => {
          setMoving(false);
          setTarget('');
        });
      }}
    >
      <SelectField
        label="Move to project"
        className="msf-field--inline"
        value={target}
        empty="Choose a project…"
        options={choices.map((project) => ({ value: project.id, label: project.projectName }))}
        onChange={setTarget}
      />
      <button type="submit" className="button button--small" disabled={!target || moving}>
        Move
      </button>
    </form>
  );
}

const emptyContact = { name: '', email: '', role: '' };

/**
 * A contact typed in by hand (issue 24 point 7): saved on this website through import/OutreachImport, the call that
 * already adds contacts (a name or an e-mail, the same checks, the same contact not added twice).
 */
function AddContactForm({ domainName, projectId }: { domainName: string; projectId: string }) {
  const run = useOutreachChange();
  const [contact, setContact] = useState(emptyContact);
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    const row = { domain: domainName, tags: [], contactName: contact.name.trim() || undefined, contactEmail: contact.email.trim() || undefined, contactRole: contact.role.trim() || undefined };
    if ((await run(() => importOutreach(isAllProjects(projectId) ? undefined : projectId, [row]))) !== false) setContact(emptyContact);
    setSaving(false);
  };
  return (
    <form className="msf-form" aria-label="Add a contact" noValidate onSubmit={(event) => void submit(event)}>
      <label className="field">
        <span>Contact name</span>
        <input value={contact.name} maxLength={120} onChange={(change) => setContact({ ...contact, name: change.target.value })} />
      </label>
      <label className="field">
        <span>Contact e-mail</span>
        <input type="email" value={contact.email} onChange={(change) => setContact({ ...contact, email: change.target.value })} />
      </label>
      <label className="field">
        <span>Contact role</span>
        <input value={contact.role} maxLength={120} onChange={(change) => setContact({ ...contact, role: change.target.value })} />
      </label>
      <button type="submit" className="button button--small button--primary" disabled={saving || !(contact.name.trim() || contact.email.trim())}>
        Add contact
      </button>
    </form>
  );
}

/** website-details (param domainId): the website's rating, relationship and tags, its links and contacts. */
export function WebsiteDetailsView({ domainId, go }: { domainId: string; go: Go }) {
  const panel = useProjectPanel();
  const details = useOutreachRecord('website', domainId, () => getWebsite(domainId));
  if (details.isLoading) return <Spinner label="Loading the website" />;
  if (details.error || !details.data) return <p role="alert">{errorsOf(details.error).join(' ')}</p>;
  const { website, links, contacts } = details.data;
  const subject = { kind: 'website', domainId: website.domainId } as const;
  return (
    <section aria-label="Website details" className="msf-details">
      <h3>{website.domainName}</h3>
      <p className="msf-records__meta">
        In {projectNameOf(panel.projects, website.projectId)} · added {formatDate(website.createdAt)}
      </p>
      <DomainContextNote domainId={website.domainId} go={go} />
      <OutreachAttributes subject={subject} rating={website.rating} relationship={website.relationship} tags={website.tags} />
      <MoveToProject domainId={website.domainId} projectId={website.projectId} />
      <h4>Links</h4>
      {links.length === 0 ? (
        <p className="msf-empty">No links on this website yet.</p>
      ) : (
        <SimpleTable
          className="msf-table"
          label="Links of the website"
          columns={[
            {
              header: 'Link',
              cell: (link) => (
                <button type="button" className="button--link" onClick={() => go('link-details', linkRoute(link))}>
                  {link.urlName}
                </button>
              ),
            },
            { header: 'Monthly organic clicks', cell: (link) => (link.urlMonthlyOrganicClicks === null ? '–' : formatNumber(link.urlMonthlyOrganicClicks)) },
            { header: 'Notes', cell: (link) => formatNumber(link.noteCount) },
            { header: 'Open tasks', cell: (link) => formatNumber(link.openTaskCount) },
          ]}
          rows={links}
          rowKey={(link) => link.urlId}
        />
      )}
      <h4>Contacts</h4>
      {contacts.length === 0 ? <p className="msf-empty">No contacts on this website yet.</p> : <ContactsTable contacts={contacts} go={go} label="Contacts of the website" />}
      <AddContactForm domainName={website.domainName} projectId={website.projectId} />
    </section>
  );
}
