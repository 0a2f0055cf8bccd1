import type { CustomListRow, KeywordListRow, ResearchTable as ResearchTableAnswer } from '@serpwise/contracts';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { formatNumber } from '../../../lib/format';
import { useResearchPost } from '../api/research-request';
import { ResearchPage } from '../components/research-page';
import { ResearchTable } from '../components/research-table';
import { useResearchSubject } from '../hooks/use-research-subject';
import { tableParams, useUrlTableState } from '../hooks/use-table-state';
import { customListColumns, keywordListColumns } from './outreach-columns';

/** At most this many keywords or domains per list (the API's limit). */
export const outreachListLimit = 1000;

const splitList = (text: string) => [...new Set(text.split(/[\n,]+/).map((item) => item.trim().toLowerCase()).filter(Boolean))];

/** A list kept for the session, so the table survives a reload and paging. */
function useStoredList(key: string): [string[], (list: string[]) => void] {
  const [list, setList] = useState<string[]>(() => {
    try {
      return JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
    } catch {
      return [];
    }
  });
  return [
    list,
    (next) => {
      sessionStorage.setItem(key, JSON.stringify(next));
      setList(next);
    },
  ];
}

function ListForm({ label, placeholder, initial, onSubmit, noun }: { label: string; placeholder: string; initial: string[]; onSubmit: (list: string[]) => void; noun: string }) {
  const [text, setText] = useState(initial.join('\n'));
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const items = splitList(text);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (items.length === 0) return setError(`Enter at least one ${noun}.`);
    if (items.length > outreachListLimit) return setError(`Give at most ${outreachListLimit} ${noun}s.`);
    setError(null);
    onSubmit(items);
  };
  return (
    <form className="research-card textarea-form" onSubmit={submit} aria-label={label}>
      <label htmlFor={id}>
        <strong>{label}</strong> <span className="muted">— one per line or separated by commas</span>
      </label>
      <textarea id={id} value={text} onChange={(event) => setText(event.target.value)} placeholder={placeholder} />
      <div className="textarea-form__row">
        <span className={items.length > outreachListLimit ? 'notice--error' : 'muted'}>
          {formatNumber(items.length)}/{formatNumber(outreachListLimit)}
        </span>
        <button type="submit" className="button button--primary">
          Build the list
        </button>
      </div>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

/** Outreach keyword top lists: the sites that rank for a set of keywords — who to contact in a niche. */
export function KeywordTopListsPage() {
  const subject = useResearchSubject();
  const [keywords, setKeywords] = useStoredList('serpwise:outreach-keywords');
  const [state, change] = useUrlTableState();
  const columns = useMemo(() => keywordListColumns(subject.countryParam), [subject.countryParam]);
  const body = keywords.length ? { keywords, countryCode: subject.countryCode, ...tableParams(state, columns) } : null;
  const { data, error, isFetching } = useResearchPost<ResearchTableAnswer<KeywordListRow>>('outreach/keyword-list', body);
  return (
    <ResearchPage section="outreach" title="Keyword top lists" kind="none" needsQuery={false} heading="Sites that rank for your keywords" month={data?.month}>
      <ListForm key={keywords.join('|')} label="Keywords" noun="keyword" placeholder={'running shoes\ntrail running'} initial={keywords} onSubmit={setKeywords} />
      {keywords.length > 0 && (
        <ResearchTable
          id="outreach-keyword-list"
          caption="Sites ranking for your keywords"
          noun="sites"
          columns={columns}
          answer={data}
          isFetching={isFetching}
          error={error}
          state={state}
          onStateChange={change}
          rowKey={(row) => row.domain}
          filterLabel="Filter domains"
        />
      )}
    </ResearchPage>
  );
}

/** Outreach custom list: the numbers of every domain of your own list, in your order. */
export function CustomListPage() {
  const subject = useResearchSubject();
  const [domains, setDomains] = useStoredList('serpwise:outreach-domains');
  const [state, change] = useUrlTableState();
  const columns = useMemo(() => customListColumns(subject.countryParam), [subject.countryParam]);
  const body = domains.length ? { domains, countryCode: subject.countryCode, ...tableParams(state, columns) } : null;
  const { data, error, isFetching } = useResearchPost<ResearchTableAnswer<CustomListRow>>('outreach/custom-list', body);
  return (
    <ResearchPage section="outreach" title="Custom top list" kind="none" needsQuery={false} heading="Your list of sites" month={data?.month}>
      <ListForm key={domains.join('|')} label="Domains" noun="domain" placeholder={'example.com\nanother-site.com'} initial={domains} onSubmit={setDomains} />
      {domains.length > 0 && (
        <ResearchTable
          id="outreach-custom-list"
          caption="Your list of sites"
          noun="domains"
          columns={columns}
          answer={data}
          isFetching={isFetching}
          error={error}
          state={state}
          onStateChange={change}
          rowKey={(row) => `${row.listIndex}|${row.domain}`}
          filterLabel="Filter domains"
          showRowNumbers={false}
        />
      )}
    </ResearchPage>
  );
}
