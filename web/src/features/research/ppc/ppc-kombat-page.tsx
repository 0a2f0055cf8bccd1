import { kombatSegments, type PaidKombatSegment, type PpcKombatExtra, type PpcKombatRow } from '@serpwise/contracts';
import { useMemo } from 'react';
import { VennDiagram } from '@/components/ui/charts/venn-diagram';
import type { ColumnDef } from '@/components/ui/table/columns';
import { KeywordLink, Position } from '../components/cells';
import { KombatSetup, useAutoCompetitors, useKombatDomains } from '../components/kombat-setup';
import { SegmentList } from '../components/segment-list';
import { ResearchPage } from '../components/research-page';
import { ResearchTable } from '../components/research-table';
import { Card } from '../components/status';
import { useResearchSubject } from '../hooks/use-research-subject';
import { useTableScreen, useUrlParam } from '../hooks/use-table-screen';

export const paidSegmentTexts: Record<PaidKombatSegment, { label: string; text: string }> = {
  all: { label: 'All keywords', text: 'Bought by any of the domains' },
  core: { label: 'Core keywords', text: 'Bought by every domain' },
  considerbuying: { label: 'Consider buying', text: 'Every competitor buys them, the first domain does not' },
  adwaste: { label: 'Possible ad waste', text: 'Only the first domain buys them' },
};

/** PPC kombat (marked new): 2 or 3 advertisers' paid keywords, the Venn of who buys what, and the paid segments. */
export function PpcKombatPage() {
  const subject = useResearchSubject();
  const { you, competitors, domains } = useKombatDomains(subject.query);
  const [segment, setSegment] = useUrlParam<PaidKombatSegment>('segment', 'all', kombatSegments.paid);
  const suggesting = useAutoCompetitors('ppc/competitors', you && competitors.length === 0 ? { query: you, countryCode: subject.countryCode } : null);
  const columns = useMemo<ColumnDef<PpcKombatRow>[]>(
    () => [
      { key: 'keyword', label: 'Keyword', kind: 'text', sticky: true, render: (row) => <KeywordLink keyword={row.keyword} countryCode={subject.countryParam} /> },
      ...domains.map<ColumnDef<PpcKombatRow>>((domain, index) => ({
        key: `position${index + 1}`,
        label: domain,
        kind: 'number',
        align: 'center',
        emptyValues: 'high',
        description: `Ad position of ${domain}`,
        value: (row) => row.positions[index] ?? null,
        render: (row) => <Position value={row.positions[index] ?? null} />,
      })),
      { key: 'volume', label: 'Volume', kind: 'number', format: 'compact' },
      { key: 'cpc', label: 'CPC', kind: 'number', format: 'currency' },
      { key: 'competition', label: 'Competition', kind: 'number', format: 'ratio' },
    ],
    [domains, subject.countryParam],
  );
  const ready = domains.length >= 2;
  const table = useTableScreen<PpcKombatRow, PpcKombatExtra>(
    'ppc/kombat',
    ready ? { query: domains[0], competitors: domains.slice(1).join(','), segment, countryCode: subject.countryCode } : null,
    columns,
  );
  const venn = table.data?.venn;
  return (
    <ResearchPage
      section="ppc"
      title="PPC kombat: paid keyword overlap"
      kind="domain"
      heading={ready ? domains.join(' vs ') : (you ?? undefined)}
      month={table.data?.month}
      prompt={{ label: 'Compare the paid keywords of two or three advertisers', placeholder: 'Enter your domain', example: 'shopsphere.example' }}
    >
      <KombatSetup key={domains.join(',')} domains={domains} />
      {!ready ? (
        <p className="research-empty">{suggesting ? 'Finding the closest competitors…' : 'Enter one or two competitors to compare.'}</p>
      ) : (
        <>
          {table.data && table.data.missingDomains.length > 0 && (
            <div className="alert alert--warning" role="status">
              <p>No ads found for {table.data.missingDomains.join(', ')}.</p>
            </div>
          )}
          {venn && (
            <Card title="Who buys what">
              <div className="kombat-summary">
                <VennDiagram domains={domains} regions={venn.regions} title={`Paid keywords of ${domains.join(', ')}`} />
                <SegmentList segments={kombatSegments.paid} texts={paidSegmentTexts} counts={venn.segments} selected={segment} onSelect={setSegment} />
              </div>
            </Card>
          )}
          <ResearchTable
            id="ppc-kombat"
            caption={`${paidSegmentTexts[segment].label} of ${domains.join(', ')}`}
            noun="keywords"
            columns={columns}
            answer={table.data}
            isFetching={table.isFetching}
            error={table.error}
            state={table.state}
            onStateChange={table.change}
            rowKey={(row) => row.keyword}
            exportTarget={table.params ? { table: 'ppc/kombat', params: table.params } : undefined}
          />
        </>
      )}
    </ResearchPage>
  );
}
