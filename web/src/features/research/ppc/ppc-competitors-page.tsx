import type { PpcCompetitorRow } from '@serpwise/contracts';
import { useMemo } from 'react';
import { CompetitorsScreen } from '../components/competitors-screen';
import { useResearchDomain } from '../hooks/use-research-subject';
import { useTableScreen } from '../hooks/use-table-screen';
import { ppcCompetitorColumns } from './ppc-columns';

/** PPC competitors: the advertisers bidding on the same keywords; pick one or two to compare in PPC kombat. */
export function PpcCompetitorsPage() {
  const { domain, ...subject } = useResearchDomain();
  const columns = useMemo(() => ppcCompetitorColumns(subject.countryParam), [subject.countryParam]);
  const table = useTableScreen<PpcCompetitorRow>('ppc/competitors', domain ? { query: domain, countryCode: subject.countryCode } : null, columns);
  return (
    <CompetitorsScreen
      section="ppc"
      title="PPC competitors"
      promptLabel="Find who bids against a domain"
      domain={domain}
      countryParam={subject.countryParam}
      table={table}
      columns={columns}
      hint={(name) => `Tick one or two advertisers to compare their paid keywords with ${name} in PPC Kombat.`}
      compareLabel="Compare in PPC Kombat"
    />
  );
}
