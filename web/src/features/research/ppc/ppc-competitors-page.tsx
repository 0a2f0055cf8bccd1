import type { PpcCompetitorRow } from '@serpwise/contracts';
import { CompetitorsScreen } from '../components/competitors-screen';
import { ppcCompetitorColumns } from './ppc-columns';

/** PPC competitors: the advertisers bidding on the same keywords; pick one or two to compare in PPC kombat. */
export function PpcCompetitorsPage() {
  return (
    <CompetitorsScreen<PpcCompetitorRow>
      section="ppc"
      title="PPC competitors"
      promptLabel="Find who bids against a domain"
      endpoint="ppc/competitors"
      request={(query, countryCode) => ({ query, countryCode })}
      columnsOf={ppcCompetitorColumns}
      hint={(name) => `Tick one or two advertisers to compare their paid keywords with ${name} in PPC Kombat.`}
      compareLabel="Compare in PPC Kombat"
    />
  );
}
