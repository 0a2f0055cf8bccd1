import { allProjectsId } from '@serpwise/contracts';
import { useId, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { errorsOf } from '@/lib/api-client';
import { formatDate, formatNumber } from '@/lib/format';
import { getDomainContext, getWebsite, moveDomainToProject, useOutreachRecord } from '@/features/projects/api/outreach';
import type { MsfParams } from '@/features/projects/msf';
import { useProjectPanel } from '@/features/projects/panel-context';
import { ContactsTable } from './contact-details';
import { linkRoute } from './outreach-history';
import { RatingEditor, RelationshipEditor, TagsEditor } from './outreach-attributes';
import { projectNameOf } from './project-name';
import { useOutreachChange } from './use-outreach-change';
import { SimpleTable } from '@/components/ui/simple-table';

type Go = (route: string, params?: MsfParams) => void;

/** Contexts/GetDomain: the same domain kept as a website in other projects. */
function DomainContextNote({ domainId, go }: { domainId: string; go: Go }) {
  const panel = useProjectPanel();
  const context = useOutreachRecord('domain-context', domainId, () => getDomainContext(domainId));
  const others = context.data?.websites.filter((website) => website.domainId !== domainId) ?? [];
  if (!others.length) return null;
  return (
    <p className="msf-context">
      Also kept in:{' '}
      {others.map((website, index) => (
        <span key={website.domainId}>
          {index > 0 && ', '}
          <button type="button" className="button--link" onClick={() => go('website-details', { domainId: website.domainId })}>
            {projectNameOf(panel.projects, website.projectId)}
          </button>
        </span>
      ))}
    </p>
  );
}

/** ProjectActions/MoveDomainToProject: the website and its links into another project (or All Projects). */
function MoveToProject({ domainId, projectId }: { domainId: string; projectId: string }) {
  const panel = useProjectPanel();
  const run = useOutreachChange();
  const [target, setTarget] = useState('');
  const [moving, setMoving] = useState(false);
  const id = useId();
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
      <div className="field msf-field--inline">
        <label htmlFor={id}>Move to project</label>
        <select id={id} value={target} onChange={(event) => setTarget(event.target.value)}>
          <option value="">Choose a project…</option>
          {choices.map((project) => (
            <option key={project.id} value={project.id}>
              {project.projectName}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button--small" disabled={!target || moving}>
        Move
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
      <div className="msf-attributes">
        <RatingEditor subject={subject} rating={website.rating} />
        <RelationshipEditor subject={subject} relationship={website.relationship} />
      </div>
      <TagsEditor subject={subject} tags={website.tags} />
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
    </section>
  );
}
