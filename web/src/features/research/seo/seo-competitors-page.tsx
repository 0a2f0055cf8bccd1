import type { CompetitorRow } from '@serpwise/contracts';
import { useMemo } from 'react';
import { CompetitorsScreen } from '../components/competitors-screen';
import { useResearchDomain } from '../hooks/use-research-subject';
import { useTableScreen } from '../hooks/use-table-screen';
import { competitorColumns } from './seo-columns';

/** SEO competitors: the domains sharing the most keywords; pick one or two to compare in kombat. */
export function SeoCompetitorsPage() {
  const { domain, ...subject } = useResearchDomain();
  const columns = useMemo(() => competitorColumns(subject.countryParam), [subject.countryParam]);
  const table = useTableScreen<CompetitorRow>('seo/competitors', domain ? { domain, countryCode: subject.countryCode } : null, columns);
  return (
    <CompetitorsScreen
      section="seo"
      title="Organic competitors"
      promptLabel="Find the organic competitors of a domain"
      domain={domain}
      countryParam={subject.countryParam}
      table={table}
      columns={columns}
      hint={(name) => `Tick one or two competitors to compare their keywords with ${name} in Kombat.`}
      compareLabel="Compare in Kombat"
    />
  );
}
