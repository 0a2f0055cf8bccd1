import { outreachRelationships, type HistoryEntry, type LinkSummary, type RelationshipId, type WebsiteSummary } from '@serpwise/contracts';
import { useState } from 'react';
import { SimpleTable, type SimpleColumn } from '@/components/ui/simple-table';
import { StarRating } from '@/components/ui/star-rating';
import { Spinner } from '@/components/ui/spinner';
import { errorsOf } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { getContacts, getHistory, getLinks, getWebsites, useOutreachList } from '@/features/projects/api/outreach';
import type { MsfParams } from '@/features/projects/msf';
import { ContactsTable } from './contact-details';
import { HistoryRows, linkRoute } from './outreach-history';

type Go = (route: string, params?: MsfParams) => void;
export type OutreachListKind = 'websites' | 'links' | 'contacts' | 'history';

const fetchers = { websites: getWebsites, links: getLinks, contacts: getContacts, history: getHistory } as const;

const relationshipName = (id: RelationshipId) => outreachRelationships.find((entry) => entry.relationshipId === id)?.name ?? id;

/**
 * The websites as a pipeline (issue 24 point 7): one button per relationship stage with its count filters the list to
 * that stage; the stage is also a column. Stages nobody is in are still shown, so the pipeline reads the same way in
 * every project.
 */
function WebsitesTable({ websites, go }: { websites: WebsiteSummary[]; go: Go }) {
  const [stage, setStage] = useState<RelationshipId | 'all'>('all');
  const shown = stage === 'all' ? websites : websites.filter((website) => website.relationship === stage);
  const columns: SimpleColumn<WebsiteSummary>[] = [
    {
      header: 'Website',
      cell: (website) => (
        <button type="button" className="button--link" onClick={() => go('website-details', { domainId: website.domainId })}>
          {website.domainName}
        </button>
      ),
    },
    { header: 'Relationship', cell: (website) => relationshipName(website.relationship) },
    { header: 'Rating', cell: (website) => <StarRating label={`Rating of ${website.domainName}`} value={website.rating} size={14} /> },
    { header: 'Tags', cell: (website) => website.tags.join(', ') },
    { header: 'Links', cell: (website) => formatNumber(website.linkCount) },
    { header: 'Contacts', cell: (website) => formatNumber(website.contactCount) },
  ];
  const stages = [{ id: 'all' as const, name: 'All', count: websites.length }, ...outreachRelationships.map((entry) => ({ id: entry.relationshipId, name: entry.name, count: websites.filter((website) => website.relationship === entry.relationshipId).length }))];
  return (
    <>
      <div className="msf-pipeline" role="group" aria-label="Filter by relationship">
        {stages.map((entry) => (
          <button key={entry.id} type="button" className="msf-pipeline__stage" aria-pressed={stage === entry.id} onClick={() => setStage(entry.id)}>
            {entry.name} <span className="msf-pipeline__count">{formatNumber(entry.count)}</span>
          </button>
        ))}
      </div>
      {shown.length === 0 ? (
        <p className="msf-empty">No websites at this stage.</p>
      ) : (
        <SimpleTable className="msf-table" label="Websites" columns={columns} rows={shown} rowKey={(website) => website.domainId} />
      )}
    </>
  );
}

function LinksTable({ links, go }: { links: LinkSummary[]; go: Go }) {
  const columns: SimpleColumn<LinkSummary>[] = [
    {
      header: 'Link',
      cell: (link) => (
        <button type="button" className="button--link" onClick={() => go('link-details', linkRoute(link))}>
          {link.urlName}
        </button>
      ),
    },
    { header: 'Website', cell: (link) => link.domainName },
    { header: 'Rating', cell: (link) => <StarRating label={`Rating of ${link.urlName}`} value={link.rating} size={14} /> },
    { header: 'Notes', cell: (link) => formatNumber(link.noteCount) },
    { header: 'Open tasks', cell: (link) => formatNumber(link.openTaskCount) },
  ];
  return <SimpleTable className="msf-table" label="Links" columns={columns} rows={links} rowKey={(link) => link.urlId} />;
}

/** The outreach lists (websites, links, contacts) and the history; every row opens its detail route. */
export function OutreachList({ kind, projectId, go }: { kind: OutreachListKind; projectId?: string; go: Go }) {
  const list = useOutreachList<unknown>(kind, projectId, fetchers[kind] as (projectId?: string) => Promise<unknown[]>);
  if (list.isLoading) return <Spinner label={`Loading ${kind}`} />;
  if (list.error) return <p role="alert">{errorsOf(list.error).join(' ')}</p>;
  const rows = list.data ?? [];
  if (!rows.length) return <p className="msf-empty">{kind === 'history' ? 'Nothing has happened here yet.' : `No ${kind} yet.`}</p>;
  switch (kind) {
    case 'websites':
      return <WebsitesTable websites={rows as WebsiteSummary[]} go={go} />;
    case 'links':
      return <LinksTable links={rows as LinkSummary[]} go={go} />;
    case 'contacts':
      return <ContactsTable contacts={rows as never} go={go} label="Contacts" />;
    case 'history':
      return <HistoryRows entries={rows as HistoryEntry[]} go={go} label="History" />;
  }
}
