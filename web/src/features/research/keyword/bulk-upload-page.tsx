import { keywordsOfList } from '@serpwise/contracts';
import type { BulkKeywordRow, BulkUploadExtra, PpcKeywordTable } from '@serpwise/contracts';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatNumber } from '@/lib/format';
import { readTextFile } from '@/lib/text-file';
import { FieldAlert } from '@/components/form/form-messages';
import { ResearchPage } from '../components/research-page';
import { ResearchTable } from '../components/research-table';
import { useAdKeywordMatchType } from '../hooks/use-ad-keyword-match-type';
import { useResearchSubject } from '../hooks/use-research-subject';
import { usePostedTableScreen } from '../hooks/use-table-screen';
import { bulkKeywordLimit, bulkStorageKey, bulkUploadError } from './bulk-upload';
import { bulkColumns } from './keyword-columns';

function storedKeywords(): string[] {
  try {
    return JSON.parse(sessionStorage.getItem(bulkStorageKey) ?? '[]') as string[];
  } catch {
    return [];
  }
}

/** /keyword/bulk-upload: paste or load up to 1000 keywords; the results page shows their metrics. */
export function BulkUploadPage() {
  const [text, setText] = useState(() => storedKeywords().join('\n'));
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const id = useId();
  const keywords = keywordsOfList(text);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = bulkUploadError(keywords);
    setError(problem);
    if (problem) return;
    sessionStorage.setItem(bulkStorageKey, JSON.stringify(keywords));
    void navigate(`/keyword/bulk-upload/results${window.location.search}`);
  };
  return (
    <ResearchPage section="keyword" title="Bulk keyword upload" kind="none" needsQuery={false}>
      <form className="research-card textarea-form" onSubmit={submit} aria-label="Bulk keyword upload">
        <label htmlFor={id}>
          <strong>Keywords</strong> <span className="muted">— one per line, up to {formatNumber(bulkKeywordLimit)}</span>
        </label>
        <textarea id={id} value={text} onChange={(event) => setText(event.target.value)} placeholder={'running shoes\ntrail running shoes\nbest running shoes for women'} aria-invalid={Boolean(error)} />
        <div className="textarea-form__row">
          <span className={keywords.length > bulkKeywordLimit ? 'notice--error' : 'muted'}>
            {formatNumber(keywords.length)}/{formatNumber(bulkKeywordLimit)} keywords
          </span>
          <span className="inline">
            <label className="button button--small">
              Load a file
              <input
                type="file"
                accept=".txt,.csv,text/plain,text/csv"
                className="visually-hidden"
                onChange={async (event) => {
                  const file = event.target.files?.[0];
                  if (file) setText(await readTextFile(file));
                }}
              />
            </label>
            <button type="submit" className="button button--primary">
              Get metrics
            </button>
          </span>
        </div>
        <FieldAlert error={error} />
      </form>
    </ResearchPage>
  );
}

/** /keyword/bulk-upload/results: the metrics of the uploaded keywords, and the ones not in the research data. */
export function BulkUploadResultsPage() {
  const subject = useResearchSubject();
  const [keywords] = useState(storedKeywords);
  const [matchType, setMatchTypes] = useAdKeywordMatchType();
  const columns = useMemo(() => bulkColumns(subject.countryParam, matchType), [subject.countryParam, matchType]);
  const table = usePostedTableScreen<PpcKeywordTable<BulkKeywordRow> & BulkUploadExtra, BulkKeywordRow>(
    'keyword/bulk',
    keywords.length ? { keywords, countryCode: subject.countryCode } : null,
    columns,
  );
  const data = table.data;
  return (
    <ResearchPage section="keyword" title="Bulk upload results" kind="none" needsQuery={false} month={data?.month}>
      {keywords.length === 0 ? (
        <div className="research-empty">
          <h2>No keywords uploaded</h2>
          <p>
            <Link to="/keyword/bulk-upload">Upload a list of keywords</Link> to see their metrics.
          </p>
        </div>
      ) : (
        <>
          <p className="screen-hint">
            {formatNumber(data?.uploaded ?? keywords.length)} keywords uploaded · <Link to="/keyword/bulk-upload">Change the list</Link>
          </p>
          {data && data.notFound.length > 0 && (
            <div className="alert alert--warning" role="status">
              <p>
                Not in our {subject.territory?.name ?? subject.countryCode} data ({data.notFound.length}): {data.notFound.slice(0, 20).join(', ')}
                {data.notFound.length > 20 ? '…' : ''}
              </p>
            </div>
          )}
          <ResearchTable
            id="bulk-upload"
            caption="Uploaded keywords"
            noun="keywords"
            {...table.tableProps}
            rowKey={(row) => row.keyword}
            onMatchTypesChange={setMatchTypes}
          />
        </>
      )}
    </ResearchPage>
  );
}
