import { kombatSegments, paidKombatSegmentWords, type PaidKombatSegment, type PpcKombatExtra, type PpcKombatRow } from '@serpwise/contracts';
import { useMemo } from 'react';
import type { ColumnDef } from '@/components/ui/table/columns';
import { KeywordLink } from '../components/cells';
import { useAutoCompetitors, useKombatDomains } from '../components/kombat-setup';
import { domainPositionColumns, KombatScreen } from '../components/kombat-screen';
import { useResearchSubject } from '../hooks/use-research-subject';
import { useTableScreen, useUrlParam } from '../hooks/use-table-screen';

export const paidSegmentTexts: Record<PaidKombatSegment, { label: string; text: string }> = {
  all: { label: paidKombatSegmentWords.all, text: 'Bought by any of the domains' },
  core: { label: paidKombatSegmentWords.core, text: 'Bought by every domain' },
  considerbuying: { label: paidKombatSegmentWords.considerbuying, text: 'Every competitor buys them, the first domain does not' },
  adwaste: { label: paidKombatSegmentWords.adwaste, text: 'Only the first domain buys them' },
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
      ...domainPositionColumns<PpcKombatRow>(domains, (domain) => `Ad position of ${domain}`, (row, index) => row.positions[index] ?? null, true),
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
  const missing = table.data?.missingDomains ?? [];
  return (
    <KombatScreen
      section="ppc"
      title="PPC kombat: paid keyword overlap"
      prompt={{ label: 'Compare the paid keywords of two or three advertisers', placeholder: 'Enter your domain', example: 'shopsphere.example' }}
      domains={domains}
      you={you}
      suggesting={suggesting}
      table={table}
      tableId="ppc-kombat"
      notice={missing.length > 0 ? `No ads found for ${missing.join(', ')}.` : null}
      venn={venn ? { card: 'Who buys what', title: `Paid keywords of ${domains.join(', ')}`, regions: venn.regions, counts: venn.segments } : null}
      segments={kombatSegments.paid}
      texts={paidSegmentTexts}
      segment={segment}
      onSegment={setSegment}
    />
  );
}
