import { findTerritory, projectMessages } from '@serpwise/contracts';
import { Link } from 'react-router';
import { LineChart } from '@/components/ui/charts/line-chart';
import { Spinner } from '@/components/ui/spinner';
import { errorsOf } from '@/lib/api-client';
import { formatChange, formatCurrency, formatMonth, formatNumber } from '@/lib/format';
import { useKeywordDetails } from '../api/keywords';
import type { MsfParams } from '../msf';
import { rankChangeTitle } from '../rank-change';
import { FactList } from './fact-list';


/**
 * keyword-details (docs/product/projects.md §2; what it shows is ours, docs/decisions.md issue 24): one keyword of
 * the project with its numbers, the change since the month before, the primary domain's position over a year, the
 * groups and labels holding it, and a way into the keyword's research.
 */
export function KeywordDetailsView({ projectId, termId, go }: { projectId: string; termId: number | null; go: (route: string, params?: MsfParams) => void }) {
  const details = useKeywordDetails(projectId, termId);
  if (termId === null) return <p className="msf-empty">{projectMessages.keywordNotFound}</p>;
  if (details.isLoading) return <Spinner label="Loading the keyword" />;
  if (details.error || !details.data)
    return (
      <div className="alert alert--error" role="alert">
        {errorsOf(details.error).join(' ')}
      </div>
    );
  const { keyword: row, projectDomain, territory, comparedTo, groups, labels, rankHistory } = details.data;
  const territoryName = findTerritory(territory)?.name ?? territory;
  const research = `/keyword/overview?${new URLSearchParams({ query: row.keyword, countryCode: territory }).toString()}`;
  return (
    <section className="msf-keyword-details" aria-label={`Keyword ${row.keyword}`}>
      <div className="table-toolbar">
        <h3>{row.keyword}</h3>
        <span className="table-toolbar__spacer" />
        <button type="button" className="button button--small" onClick={() => go('keyword-list', { projectId })}>
          Back to keywords
        </button>
      </div>
      <p className="msf-muted">
        {projectDomain} in {territoryName} · <Link to={research}>Research this keyword</Link>
      </p>
      <FactList
        facts={[
          ['Monthly searches', formatNumber(row.monthlySearches, 0)],
          ['Cost per click', formatCurrency(row.costPerClick)],
          ['Ranking difficulty', formatNumber(row.rankingDifficulty, 0)],
          ['Current rank', formatNumber(row.currentRank, 0)],
          ['Rank change', <span title={rankChangeTitle(comparedTo)}>{formatChange(row.rankChange)}</span>],
          ['Click change', <span title={rankChangeTitle(comparedTo)}>{formatChange(row.clickChange)}</span>],
        ]}
      />
      <p className="msf-muted">{rankChangeTitle(comparedTo)}</p>
      {rankHistory.some((point) => point.position !== null) ? (
        <LineChart
          title={`Position of ${projectDomain} for ${row.keyword}`}
          labels={rankHistory.map((point) => formatMonth(point.month, { short: true }))}
          series={[{ id: 'position', name: projectDomain, values: rankHistory.map((point) => point.position) }]}
          // Ticks between whole positions (3.5) keep their decimal, so no two read the same.
          formatValue={(value) => formatNumber(value, Number.isInteger(value) ? 0 : 1)}
          height={180}
          invert
        />
      ) : (
        <p className="msf-empty">{projectDomain} has not ranked in the top 20 for this keyword in the last 12 months.</p>
      )}
      <h4>Groups</h4>
      <ChipLinks
        links={groups.map((group) => ({ key: group.groupHash, text: group.name, open: () => go('group-details', { projectId, groupHash: group.groupHash, groupName: group.name }) }))}
        empty="In no group."
      />
      <h4>Labels</h4>
      <ChipLinks
        links={labels.map((label) => ({ key: label.labelHash, text: label.labelName, open: () => go('label-details', { projectId, labelHash: label.labelHash, labelName: label.labelName }) }))}
        empty="No labels."
      />
    </section>
  );
}

/** The keyword's groups or labels as chips, each opening its own view in the panel; `empty` when there are none. */
function ChipLinks({ links, empty }: { links: { key: string; text: string; open: () => void }[]; empty: string }) {
  if (!links.length) return <p className="msf-empty">{empty}</p>;
  return (
    <ul className="msf-chips">
      {links.map((link) => (
        <li key={link.key}>
          <button type="button" className="button--link" onClick={link.open}>
            {link.text}
          </button>
        </li>
      ))}
    </ul>
  );
}
