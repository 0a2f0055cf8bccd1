import { type TopPageRow, type TopPageType, topPageTypes, topPageTypeWords } from '@serpwise/contracts';
import { useMemo } from 'react';
import { ResearchPage } from '../components/research-page';
import { ResearchTable } from '../components/research-table';
import { TypeSelect } from '../components/type-select';
import { useResearchDomain } from '../hooks/use-research-subject';
import { useTableScreen, useUrlParam } from '../hooks/use-table-screen';
import { shownColumns, topPageColumns } from './seo-columns';
import { addUrlColumn } from '@/features/projects';

/** SEO top pages of a domain: the pages that bring the most clicks, or the pages ranking for the first time. */
export function SeoTopPagesPage() {
  const { domain, ...subject } = useResearchDomain();
  const [type, setType] = useUrlParam<TopPageType>('type', 'mosttraffic', topPageTypes);
  const columns = useMemo(
    () => [...topPageColumns(subject.countryParam), addUrlColumn<TopPageRow>((row) => ({ url: row.url, clicks: row.clicks, keywords: row.keywords ?? undefined }))],
    [subject.countryParam],
  );
  const table = useTableScreen<TopPageRow>('seo/top-pages', domain ? { domain, type, countryCode: subject.countryCode } : null, columns);
  return (
    <ResearchPage
      section="seo"
      title="Top pages"
      kind="domain"
      heading={domain}
      month={table.data?.month}
      prompt={{ label: 'Find the pages that bring a site its traffic', placeholder: 'Enter a domain', example: 'shopsphere.example' }}
    >
      <ResearchTable
        id="seo-top-pages"
        caption={`Top pages of ${domain}`}
        noun="pages"
        {...table.tableProps}
        // Of the request's columns, those its rows have.
        columns={shownColumns(columns, table.data?.rows)}
        rowKey={(row) => row.url}
        filterLabel="Filter pages"
        controls={<TypeSelect label="Pages" value={type} onChange={setType} options={topPageTypes.map((value) => ({ value, label: topPageTypeWords[value] }))} />}
      />
    </ResearchPage>
  );
}
