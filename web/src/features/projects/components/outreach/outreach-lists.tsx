import type { HistoryEntry, LinkSummary, WebsiteSummary } from '@serpwise/contracts';
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

function WebsitesTable({ websites, go }: { websites: WebsiteSummary[]; go: Go }) {
  return (
    <table className="msf-table" aria-label="Websites">
      <thead>
        <tr>
          <th>Website</th>
          <th>Rating</th>
          <th>Tags</th>
          <th>Links</th>
          <th>Contacts</th>
        </tr>
      </thead>
      <tbody>
        {websites.map((website) => (
          <tr key={website.domainId}>
            <td>
              <button type="button" className="button--link" onClick={() => go('website-details', { domainId: website.domainId })}>
                {website.domainName}
              </button>
            </td>
            <td>
              <StarRating label={`Rating of ${website.domainName}`} value={website.rating} size={14} />
            </td>
            <td>{website.tags.join(', ')}</td>
            <td>{formatNumber(website.linkCount)}</td>
            <td>{formatNumber(website.contactCount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function LinksTable({ links, go }: { links: LinkSummary[]; go: Go }) {
  return (
    <table className="msf-table" aria-label="Links">
      <thead>
        <tr>
          <th>Link</th>
          <th>Website</th>
          <th>Rating</th>
          <th>Notes</th>
          <th>Open tasks</th>
        </tr>
      </thead>
      <tbody>
        {links.map((link) => (
          <tr key={link.urlId}>
            <td>
              <button type="button" className="button--link" onClick={() => go('link-details', linkRoute(link))}>
                {link.urlName}
              </button>
            </td>
            <td>{link.domainName}</td>
            <td>
              <StarRating label={`Rating of ${link.urlName}`} value={link.rating} size={14} />
            </td>
            <td>{formatNumber(link.noteCount)}</td>
            <td>{formatNumber(link.openTaskCount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
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
