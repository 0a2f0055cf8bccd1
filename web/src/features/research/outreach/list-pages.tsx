import type { CustomListRow, KeywordListRow, ResearchTable as ResearchTableAnswer } from '@serpwise/contracts';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { formatNumber } from '@/lib/format';
import { FieldAlert } from '@/components/form/form-messages';
import { ResearchPage } from '../components/research-page';
import type { ColumnDef } from '@/components/ui/table/columns';
import { ResearchTable } from '../components/research-table';
import { useResearchSubject } from '../hooks/use-research-subject';
import { usePostedTableScreen } from '../hooks/use-table-screen';
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
      <FieldAlert error={error} />
    </form>
  );
}

interface ListTablePageProps<Row> {
  /** Where the list is kept for the session. */
  storageKey: string;
  /** The request field the list goes in. */
  listField: 'keywords' | 'domains';
  endpoint: string;
  columnsFor: (countryCode: string | null) => ColumnDef<Row>[];
  title: string;
  heading: string;
  form: { label: string; noun: string; placeholder: string };
  table: { id: string; caption: string; noun: string; rowKey: (row: Row) => string; showRowNumbers?: boolean };
}

/** An outreach list page: a list the user types in, then the research table of it (sorted, filtered, paged). */
function ListTablePage<Row>({ storageKey, listField, endpoint, columnsFor, title, heading, form, table }: ListTablePageProps<Row>) {
  const subject = useResearchSubject();
  const [list, setList] = useStoredList(storageKey);
  const columns = useMemo(() => columnsFor(subject.countryParam), [columnsFor, subject.countryParam]);
  const screen = usePostedTableScreen<ResearchTableAnswer<Row>, Row>(endpoint, list.length ? { [listField]: list, countryCode: subject.countryCode } : null, columns);
  return (
    <ResearchPage section="outreach" title={title} kind="none" needsQuery={false} heading={heading} month={screen.data?.month}>
      <ListForm key={list.join('|')} label={form.label} noun={form.noun} placeholder={form.placeholder} initial={list} onSubmit={setList} />
      {list.length > 0 && (
        <ResearchTable
          id={table.id}
          caption={table.caption}
          noun={table.noun}
          {...screen.tableProps}
          rowKey={table.rowKey}
          filterLabel="Filter domains"
          showRowNumbers={table.showRowNumbers}
        />
      )}
    </ResearchPage>
  );
}

/** Outreach keyword top lists: the sites that rank for a set of keywords — who to contact in a niche. */
export function KeywordTopListsPage() {
  return (
    <ListTablePage<KeywordListRow>
      storageKey="serpwise:outreach-keywords"
      listField="keywords"
      endpoint="outreach/keyword-list"
      columnsFor={keywordListColumns}
      title="Keyword top lists"
      heading="Sites that rank for your keywords"
      form={{ label: 'Keywords', noun: 'keyword', placeholder: 'running shoes\ntrail running' }}
      table={{ id: 'outreach-keyword-list', caption: 'Sites ranking for your keywords', noun: 'sites', rowKey: (row) => row.domain }}
    />
  );
}

/** Outreach custom list: the numbers of every domain of your own list, in your order. */
export function CustomListPage() {
  return (
    <ListTablePage<CustomListRow>
      storageKey="serpwise:outreach-domains"
      listField="domains"
      endpoint="outreach/custom-list"
      columnsFor={customListColumns}
      title="Custom top list"
      heading="Your list of sites"
      form={{ label: 'Domains', noun: 'domain', placeholder: 'example.com\nanother-site.com' }}
      table={{ id: 'outreach-custom-list', caption: 'Your list of sites', noun: 'domains', rowKey: (row) => `${row.listIndex}|${row.domain}`, showRowNumbers: false }}
    />
  );
}
