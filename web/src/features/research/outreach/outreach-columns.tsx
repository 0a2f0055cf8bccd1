import type { CustomListRow, DomainMetricsRow, KeywordListRow, LeadRow } from '@serpwise/contracts';
import type { ColumnDef } from '@/components/ui/table/columns';
import { DomainLink } from '../components/cells';

/** Column sets of the outreach lists. */

export function topDomainColumns(countryCode: string | null): ColumnDef<DomainMetricsRow>[] {
  return [
    { key: 'domain', label: 'Domain', kind: 'text', sticky: true, render: (row) => <DomainLink domain={row.domain} countryCode={countryCode} /> },
    { key: 'topic', label: 'Topic', kind: 'text', render: (row) => (row.topic ? <span className="pill">{row.topic}</span> : '—') },
    { key: 'keywords', label: 'Keywords', kind: 'number', format: 'number' },
    { key: 'top10', label: 'Page one', kind: 'number', format: 'number' },
    { key: 'clicks', label: 'Clicks', kind: 'number', format: 'number' },
    { key: 'value', label: 'Value', kind: 'number', format: 'currency', pickable: true, defaultVisible: true },
    { key: 'paidKeywords', label: 'Paid keywords', kind: 'number', format: 'number', pickable: true, defaultVisible: true },
    { key: 'budget', label: 'PPC budget', kind: 'number', format: 'currency', pickable: true, defaultVisible: true },
  ];
}

export function keywordListColumns(countryCode: string | null): ColumnDef<KeywordListRow>[] {
  return [
    { key: 'domain', label: 'Domain', kind: 'text', sticky: true, render: (row) => <DomainLink domain={row.domain} countryCode={countryCode} /> },
    { key: 'keywords', label: 'Keywords ranked', kind: 'number', format: 'number', description: 'Keywords of your list it ranks for' },
    { key: 'top10', label: 'On page one', kind: 'number', format: 'number' },
    { key: 'averagePosition', label: 'Avg. position', kind: 'number', format: 'position', emptyValues: 'high' },
    { key: 'clicks', label: 'Clicks', kind: 'number', format: 'number' },
    { key: 'value', label: 'Value', kind: 'number', format: 'currency' },
  ];
}

export function customListColumns(countryCode: string | null): ColumnDef<CustomListRow>[] {
  return [
    { key: 'listIndex', label: '#', kind: 'number', align: 'right' },
    { key: 'domain', label: 'Domain', kind: 'text', sticky: true, render: (row) => (row.found ? <DomainLink domain={row.domain} countryCode={countryCode} /> : <span className="muted" title="Not in the research data">{row.domain}</span>) },
    { key: 'keywords', label: 'Keywords', kind: 'number', format: 'number' },
    { key: 'top10', label: 'Page one', kind: 'number', format: 'number', pickable: true },
    { key: 'clicks', label: 'Clicks', kind: 'number', format: 'number' },
    { key: 'value', label: 'Value', kind: 'number', format: 'currency', pickable: true, defaultVisible: true },
    { key: 'paidKeywords', label: 'Paid keywords', kind: 'number', format: 'number', pickable: true },
    { key: 'budget', label: 'PPC budget', kind: 'number', format: 'currency', pickable: true, defaultVisible: true },
    { key: 'liveBacklinks', label: 'Live backlinks', kind: 'number', format: 'number', pickable: true, defaultVisible: true },
    { key: 'referringDomains', label: 'Referring domains', kind: 'number', format: 'number', pickable: true, defaultVisible: true },
  ];
}

export function leadColumns(countryCode: string | null): ColumnDef<LeadRow>[] {
  return [
    { key: 'domain', label: 'Site', kind: 'text', sticky: true, render: (row) => <DomainLink domain={row.domain} countryCode={countryCode} /> },
    { key: 'competitorsLinked', label: 'Links to competitors', kind: 'number', format: 'number', description: 'How many of your competitors it links to' },
    { key: 'links', label: 'Live links', kind: 'number', format: 'number' },
    { key: 'clicks', label: 'Its clicks', kind: 'number', format: 'number' },
    { key: 'keywords', label: 'Its keywords', kind: 'number', format: 'number' },
  ];
}
