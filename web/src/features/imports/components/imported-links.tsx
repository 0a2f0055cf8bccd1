import type { ImportStatus } from '@serpwise/contracts';
import { Link } from 'react-router';
import { formatMonth } from '@/lib/format';

/**
 * Links of a finished import to the research pages that show what it brought, for the month it landed
 * (docs/decisions.md, "Issue 19: imported data shows where users look"): its site's overview and keywords (Search
 * Console, Organic Positions, SERP files), its keyword's overview (Keyword Planner).
 */
export function ImportedLinks({ facts }: { facts: ImportStatus['import'] }) {
  const brought = facts.brought;
  if (!brought || (!brought.site && !brought.keyword)) return null;
  const href = (path: string, query: string) => {
    const params = new URLSearchParams({ query, countryCode: facts.territory });
    if (brought.month) params.set('month', brought.month.slice(0, 7));
    return `${path}?${params}`;
  };
  const when = brought.month ? `, ${formatMonth(brought.month)}` : '';
  return (
    <div className="imports__links">
      {brought.site ? (
        <>
          <Link to={href('/overview/domain', brought.site)}>Overview of {brought.site}{when}</Link>
          <Link to={href('/seo/keywords/domain', brought.site)}>Its keywords</Link>
        </>
      ) : (
        <Link to={href('/keyword/overview', brought.keyword!)}>Overview of “{brought.keyword}”{when}</Link>
      )}
    </div>
  );
}
