import type { CompetitorRow } from '@serpwise/contracts';
import { CompetitorsScreen } from '../components/competitors-screen';
import { competitorColumns } from './seo-columns';

/** SEO competitors: the domains sharing the most keywords; pick one or two to compare in kombat. */
export function SeoCompetitorsPage() {
  return (
    <CompetitorsScreen<CompetitorRow>
      section="seo"
      title="Organic competitors"
      promptLabel="Find the organic competitors of a domain"
      endpoint="seo/competitors"
      request={(domain, countryCode) => ({ domain, countryCode })}
      columnsOf={competitorColumns}
      hint={(name) => `Tick one or two competitors to compare their keywords with ${name} in Kombat.`}
      compareLabel="Compare in Kombat"
    />
  );
}
