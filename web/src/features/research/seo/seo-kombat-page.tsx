import { kombatSegments, type KombatCounts, type KombatRow, type OrganicKombatSegment } from '@serpwise/contracts';
import { useMemo } from 'react';
import { VennDiagram } from '@/components/ui/charts/venn-diagram';
import type { ColumnDef } from '@/components/ui/table/columns';
import { Difficulty, KeywordLink, Position } from '../components/cells';
import { SegmentList } from '../components/segment-list';
import { ResearchPage } from '../components/research-page';
import { ResearchTable } from '../components/research-table';
import { KombatSetup, useAutoCompetitors, useKombatDomains } from '../components/kombat-setup';
import { Card } from '../components/status';
import { useResearchSubject } from '../hooks/use-research-subject';
import { useTableScreen, useUrlParam } from '../hooks/use-table-screen';

export const organicSegmentTexts: Record<OrganicKombatSegment, { label: string; text: string }> = {
  all: { label: 'All keywords', text: 'Ranked by any of the domains' },
  core: { label: 'Shared keywords', text: 'Ranked by every domain' },
  missing: { label: 'Missing keywords', text: 'Competitors rank, the first domain does not' },
  content: { label: 'Content gap', text: 'A competitor is on page one, the first domain is not' },
  questions: { label: 'Questions', text: 'Question searches any of them ranks for' },
  transactional: { label: 'Buyer keywords', text: 'Transactional searches any of them ranks for' },
};
const segmentOrder: OrganicKombatSegment[] = ['all', 'core', 'missing', 'content', 'questions', 'transactional'];

/**
 * SEO kombat (route seo:kombat): 2 or 3 domains' keywords, the Venn diagram of who ranks for what, and the segments
 * of docs/product/account-exports-reports.md §9. Without competitors in the URL it compares the domain with its two closest organic competitors.
 */
export function SeoKombatPage() {
  const subject = useResearchSubject();
  const { you, competitors, domains } = useKombatDomains(subject.query);
  const [segment, setSegment] = useUrlParam<OrganicKombatSegment>('segment', 'all', kombatSegments.organic);

  // Without competitors: compare with the two closest organic competitors.
  const suggesting = useAutoCompetitors('seo/competitors', you && competitors.length === 0 ? { domain: you, countryCode: subject.countryCode } : null);

  const columns = useMemo<ColumnDef<KombatRow>[]>(
    () => [
      { key: 'keyword', label: 'Keyword', kind: 'text', sticky: true, render: (row) => <KeywordLink keyword={row.keyword} countryCode={subject.countryParam} /> },
      ...domains.map<ColumnDef<KombatRow>>((domain, index) => ({
        key: `position${index + 1}`,
        label: domain,
        kind: 'number',
        align: 'center',
        emptyValues: 'high',
        description: `Best position of ${domain}`,
        render: (row) => <Position value={row[`position${index + 1}` as 'position1']} />,
      })),
      { key: 'volume', label: 'Volume', kind: 'number', format: 'compact' },
      { key: 'cpc', label: 'CPC', kind: 'number', format: 'currency' },
      { key: 'difficulty', label: 'Difficulty', kind: 'number', render: (row) => <Difficulty value={row.difficulty} /> },
      { key: 'clicks', label: 'Clicks', kind: 'number', format: 'number', description: 'Clicks of the compared domains together' },
    ],
    [domains, subject.countryParam],
  );
  const ready = domains.length >= 2;
  const table = useTableScreen<KombatRow, KombatCounts>('seo/kombat', ready ? { domains: domains.join(','), segment, countryCode: subject.countryCode } : null, columns);
  const counts = table.data;

  return (
    <ResearchPage
      section="seo"
      title="Kombat: keyword overlap"
      kind="domain"
      heading={ready ? domains.join(' vs ') : (you ?? undefined)}
      month={table.data?.month}
      prompt={{ label: 'Compare the keywords of two or three domains', placeholder: 'Enter your domain', example: 'halovatech.example' }}
    >
      <KombatSetup key={domains.join(',')} domains={domains} />
      {!ready ? (
        <p className="research-empty">{suggesting ? 'Finding the closest competitors…' : 'Enter one or two competitors to compare.'}</p>
      ) : (
        <>
          {counts && counts.venn && (
            <Card title="Who ranks for what">
              <div className="kombat-summary">
                <VennDiagram domains={domains} regions={counts.venn} title={`Keywords ranked by ${domains.join(', ')}`} />
                <SegmentList segments={segmentOrder} texts={organicSegmentTexts} counts={counts.segments} selected={segment} onSelect={setSegment} />
              </div>
            </Card>
          )}
          <ResearchTable
            id="seo-kombat"
            caption={`${organicSegmentTexts[segment].label} of ${domains.join(', ')}`}
            noun="keywords"
            columns={columns}
            answer={table.data}
            isFetching={table.isFetching}
            error={table.error}
            state={table.state}
            onStateChange={table.change}
            rowKey={(row) => row.keyword}
            exportTarget={table.params ? { table: 'seo/kombat', params: table.params } : undefined}
          />
        </>
      )}
    </ResearchPage>
  );
}
