import { organicSearchTypes, type KeywordComparisonRow, type OrganicSearchType, organicTypeWords } from '@serpwise/contracts';
import { useMemo } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useActiveState } from '@/features/auth';
import { useRowSelection } from '@/components/ui/table/row-selection';
import { ResearchPage } from '../components/research-page';
import { ResearchTable } from '../components/research-table';
import { InlineTextForm } from '../components/inline-text-form';
import { TypeSelect } from '../components/type-select';
import { useResearchSubject, siteKindOf } from '../hooks/use-research-subject';
import { useTableScreen, useUrlParam } from '../hooks/use-table-screen';
import { CopyButton } from '../components/copy-button';
import { keywordComparisonColumns, shownColumns } from './seo-columns';
import { AddToProjectButton, addToProjectColumn } from '@/features/projects';
import { loginHref, placeOf } from '@/lib/return-url';

/** The competitor types compare against ?competitors= (required for the first two). */
export const competitorTypes: readonly OrganicSearchType[] = ['theyoutrankyou', 'theyjustsurpassedyou', 'competitorsjustsurpassedyou'];
const needsCompetitor: readonly OrganicSearchType[] = ['theyoutrankyou', 'theyjustsurpassedyou'];

function CompetitorForm({ initial }: { initial: string }) {
  const [, setParams] = useSearchParams();
  const compare = (text: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      const list = text.split(/[\s,]+/).filter(Boolean).join(',');
      if (list) next.set('competitors', list);
      else next.delete('competitors');
      next.delete('startRow');
      return next;
    });
  return <InlineTextForm id="competitor-domains" label="Competitors" placeholder="rival.com, other.com" action="Compare" initial={initial} onSubmit={compare} />;
}

/**
 * SEO keywords (route seo:keywords) of a domain or one URL: every organic search type of docs/product/account-exports-reports.md §9, the competitor
 * types against ?competitors=. The default table is every keyword ranked this month, most clicks first.
 */
export function SeoKeywordsPage({ kind }: { kind?: 'domain' | 'url' }) {
  const subject = useResearchSubject();
  const [params] = useSearchParams();
  const [type, setType] = useUrlParam<OrganicSearchType | 'all'>('type', 'all', ['all', ...organicSearchTypes]);
  const competitors = params.get('competitors') ?? '';
  const subjectKind = kind ?? (subject.query ? siteKindOf(subject.query) : 'domain');
  const isCompetitorType = competitorTypes.includes(type as OrganicSearchType);
  const missingCompetitor = needsCompetitor.includes(type as OrganicSearchType) && !competitors;
  const columns = useMemo(
    () => [...keywordComparisonColumns(subject.countryParam, { competitor: isCompetitorType }), addToProjectColumn((row: { keyword: string }) => row.keyword)],
    [subject.countryParam, isCompetitorType],
  );
  const selection = useRowSelection();
  const request =
    subject.query && !missingCompetitor
      ? {
          [subjectKind]: subject.query,
          countryCode: subject.countryCode,
          type: type === 'all' ? undefined : type,
          competitor: isCompetitorType && competitors ? competitors : undefined,
        }
      : null;
  const table = useTableScreen<KeywordComparisonRow>('seo/keywords', request, columns);
  const location = useLocation();
  const activeState = useActiveState();

  // docs/product/site.md §4: a seo/keywords/domain request with a competitors query needs login.
  if (competitors && activeState.data && !activeState.data.user.isLoggedIn)
    return <Navigate to={loginHref(placeOf(location))} replace />;

  return (
    <ResearchPage
      section="seo"
      title={subjectKind === 'url' ? 'Organic keywords of this page' : 'Organic keywords'}
      kind={subjectKind}
      month={table.data?.month}
      prompt={{ label: 'See the keywords a site ranks for', placeholder: 'Enter a domain or a URL', example: 'shopsphere.example' }}
    >
      {isCompetitorType && <CompetitorForm key={competitors} initial={competitors} />}
      {missingCompetitor ? (
        <p className="research-empty">Enter one to five competitor domains to see where they rank above {subject.query}.</p>
      ) : (
        <ResearchTable
          id="seo-keywords"
          caption={`Organic keywords of ${subject.query}`}
          noun="keywords"
          {...table.tableProps}
          // Of the request's columns, those its rows have.
          columns={shownColumns(columns, table.data?.rows)}
          rowKey={(row) => row.keyword}
          selection={selection}
          selectionActions={(selected) => (
          <>
            <CopyButton text={selected.join('\n')} label="Copy keywords" />
            <AddToProjectButton terms={selected} />
          </>
        )}
          controls={
            <TypeSelect
              label="Show"
              variant="select"
              value={type}
              onChange={(value) => setType(value === 'all' ? null : value)}
              options={(['all', ...organicSearchTypes] as const).map((value) => ({ value, label: organicTypeWords[value] }))}
            />
          }
        />
      )}
    </ResearchPage>
  );
}
