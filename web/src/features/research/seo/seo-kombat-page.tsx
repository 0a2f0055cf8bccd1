import { kombatSegments, organicKombatSegmentWords, type KombatAnswer, type KombatRow, type OrganicKombatSegment } from '@serpwise/contracts';
import { useMemo } from 'react';
import type { ColumnDef } from '@/components/ui/table/columns';
import { Difficulty, KeywordLink } from '../components/cells';
import { useAutoCompetitors, useKombatDomains } from '../components/kombat-setup';
import { domainPositionColumns, KombatScreen } from '../components/kombat-screen';
import { useResearchSubject } from '../hooks/use-research-subject';
import { useTableScreen, useUrlParam } from '../hooks/use-table-screen';

export const organicSegmentTexts: Record<OrganicKombatSegment, { label: string; text: string }> = {
  all: { label: organicKombatSegmentWords.all, text: 'Ranked by any of the domains' },
  core: { label: organicKombatSegmentWords.core, text: 'Ranked by every domain' },
  missing: { label: organicKombatSegmentWords.missing, text: 'Competitors rank, the first domain does not' },
  content: { label: organicKombatSegmentWords.content, text: 'A competitor is on page one, the first domain is not' },
  questions: { label: organicKombatSegmentWords.questions, text: 'Question searches any of them ranks for' },
  transactional: { label: organicKombatSegmentWords.transactional, text: 'Transactional searches any of them ranks for' },
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
      ...domainPositionColumns<KombatRow>(domains, (domain) => `Best position of ${domain}`, (row, index) => row[`position${index + 1}` as 'position1']),
      { key: 'volume', label: 'Volume', kind: 'number', format: 'compact' },
      { key: 'cpc', label: 'CPC', kind: 'number', format: 'currency' },
      { key: 'difficulty', label: 'Difficulty', kind: 'number', render: (row) => <Difficulty value={row.difficulty} /> },
      { key: 'clicks', label: 'Clicks', kind: 'number', format: 'number', description: 'Clicks of the compared domains together' },
    ],
    [domains, subject.countryParam],
  );
  const ready = domains.length >= 2;
  const table = useTableScreen<KombatRow, KombatAnswer>('seo/kombat', ready ? { domains: domains.join(','), segment, countryCode: subject.countryCode } : null, columns);
  const counts = table.data;
  // A domain the research data does not hold has no keywords to compare: name it instead of drawing its zeros.
  const missing = counts?.missingDomains ?? [];
  return (
    <KombatScreen
      section="seo"
      title="Kombat: keyword overlap"
      prompt={{ label: 'Compare the keywords of two or three domains', placeholder: 'Enter your domain', example: 'halovatech.example' }}
      domains={domains}
      you={you}
      suggesting={suggesting}
      table={table}
      tableId="seo-kombat"
      notice={missing.length > 0 ? `${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not in the research data.` : null}
      venn={counts?.venn && missing.length === 0 ? { card: 'Who ranks for what', title: `Keywords ranked by ${domains.join(', ')}`, regions: counts.venn, counts: counts.segments } : null}
      segments={segmentOrder}
      texts={organicSegmentTexts}
      segment={segment}
      onSegment={setSegment}
    />
  );
}
