import { isLockedRow, visibleRowAllowance, type TablePage } from '@serpwise/contracts';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ColumnPicker } from '@/components/ui/table/column-picker';
import { initialColumns, type MatchType } from '@/components/ui/table/column-picker-rules';
import type { ColumnDef } from '@/components/ui/table/columns';
import { DataTable } from '@/components/ui/table/data-table';
import { Pagination } from '@/components/ui/table/pagination';
import type { RowSelection } from '@/components/ui/table/row-selection';
import { errorsOf } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { PaywallTeaser, showsTeaser, teaserVariant } from '@/features/paywall';
import type { TableState, TableStateChange } from '../hooks/use-table-state';
import { ExportSlot, type ExportTarget } from './export-slot';
import { placeOf } from '@/lib/return-url';

export interface ResearchTableProps<Row> {
  /** Names the table's saved column choice. */
  id: string;
  caption: string;
  /** What a row is, plural ("keywords"). */
  noun: string;
  columns: readonly ColumnDef<Row>[];
  answer: TablePage<Row> | undefined;
  isFetching: boolean;
  error: unknown;
  state: TableState;
  onStateChange: (change: TableStateChange) => void;
  rowKey: (row: Row) => string;
  selection?: RowSelection;
  /** Buttons acting on the selected rows. */
  selectionActions?: (selected: string[]) => ReactNode;
  filterLabel?: string;
  exportTarget?: ExportTarget;
  /** Controls of the screen (type, segment) shown at the start of the toolbar. */
  controls?: ReactNode;
  /** The older, compact teaser design. */
  oldTable?: boolean;
  emptyMessage?: ReactNode;
  /** Match types chosen in the column picker, for columns that render with them. */
  onMatchTypesChange?: (matchTypes: Record<string, MatchType>) => void;
  showRowNumbers?: boolean;
}

const storageKey = (id: string) => `serpwise:columns:${id}`;

function loadSaved(id: string): { visible?: string[]; matchTypes?: Record<string, MatchType> } {
  try {
    return JSON.parse(localStorage.getItem(storageKey(id)) ?? '{}') as { visible?: string[]; matchTypes?: Record<string, MatchType> };
  } catch {
    return {};
  }
}

function FilterBox({ value, label, onChange }: { value: string; label: string; onChange: (value: string) => void }) {
  const [text, setText] = useState(value);
  const [synced, setSynced] = useState(value);
  const id = useId();
  // The URL may change the filter (back button): follow it.
  if (value !== synced) {
    setSynced(value);
    setText(value);
  }
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onChange(text), 350);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <div className="table-toolbar__filter">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <circle cx="7" cy="7" r="5" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="m11 11 3.5 3.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      <input id={id} type="search" value={text} placeholder={label} onChange={(event) => setText(event.target.value)} />
    </div>
  );
}

/**
 * A research table with everything around it: filter, the screen's controls, the column picker, the export slot,
 * the selection bar, the table with its lock overlay, pagination (20–1000 rows, 500 ms debounce) and the paywall
 * teaser when the viewer cannot see every row.
 */
export function ResearchTable<Row>({
  id,
  caption,
  noun,
  columns,
  answer,
  isFetching,
  error,
  state,
  onStateChange,
  rowKey,
  selection,
  selectionActions,
  filterLabel,
  exportTarget,
  controls,
  oldTable = false,
  emptyMessage,
  onMatchTypesChange,
  showRowNumbers = true,
}: ResearchTableProps<Row>) {
  const location = useLocation();
  const returnTo = placeOf(location);
  const pickable = useMemo(() => columns.filter((column) => column.pickable), [columns]);
  const pickableKeys = pickable.map((column) => column.key);
  const [visible, setVisible] = useState<string[]>(() => {
    const saved = loadSaved(id).visible?.filter((key) => pickableKeys.includes(key));
    return initialColumns(pickableKeys, saved?.length ? saved : pickable.filter((column) => column.defaultVisible).map((column) => column.key));
  });
  const [matchTypes, setMatchTypes] = useState<Record<string, MatchType>>(() => loadSaved(id).matchTypes ?? {});
  useEffect(() => {
    try {
      localStorage.setItem(storageKey(id), JSON.stringify({ visible, matchTypes }));
    } catch {
      // Private mode: the choice lasts for the page.
    }
  }, [id, visible, matchTypes]);
  useEffect(() => onMatchTypesChange?.(matchTypes), [matchTypes, onMatchTypesChange]);

  const shown = columns.filter((column) => !column.pickable || visible.includes(column.key));
  const viewer = answer?.viewer ?? 'visitor';
  const variant = teaserVariant(viewer, oldTable);
  const rows = answer?.rows ?? [];
  const hasLockedRows = rows.some(isLockedRow);

  return (
    <section className="research-table" aria-label={caption}>
      <div className="table-toolbar">
        {controls}
        <FilterBox value={state.filter} label={filterLabel ?? `Filter ${noun}`} onChange={(filter) => onStateChange({ filter })} />
        <span className="table-toolbar__spacer" />
        {pickable.length > 0 && (
          <ColumnPicker
            columns={pickable.map((column) => ({ key: column.key, label: column.label, matchTypes: column.matchTypes }))}
            visible={visible}
            onVisibleChange={setVisible}
            matchTypeOf={(key) => matchTypes[key] ?? 'broad'}
            onMatchTypeChange={(key, matchType) => setMatchTypes((current) => ({ ...current, [key]: matchType }))}
          />
        )}
        {exportTarget && (
          <ExportSlot target={exportTarget} viewer={viewer} rows={rows.filter((row) => !isLockedRow(row)) as object[]} {...(answer ? { totalRows: answer.totalRows } : {})} />
        )}
      </div>
      {selection && selection.selected.length > 0 && (
        <div className="selection-bar" role="region" aria-label="Selected rows">
          <span>
            <strong>{formatNumber(selection.selected.length)}</strong> selected
          </span>
          {selectionActions?.(selection.selected)}
          <button type="button" className="button button--small button--ghost" onClick={selection.clear}>
            Clear selection
          </button>
        </div>
      )}
      {error ? (
        <div className="alert alert--error" role="alert">
          {errorsOf(error).map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : (
        <>
          <DataTable
            caption={caption}
            columns={shown}
            rows={rows}
            rowKey={rowKey}
            sort={state.sort}
            onSortChange={(sort) => onStateChange({ sort })}
            startRow={answer?.startRow ?? state.startRow}
            showRowNumbers={showRowNumbers}
            lock={answer?.lock ?? null}
            throttledColumns={answer?.throttledColumns}
            selection={selection}
            loading={isFetching || !answer}
            emptyMessage={emptyMessage ?? (state.filter ? `No ${noun} match “${state.filter}”.` : `No ${noun} found.`)}
            returnTo={returnTo}
          />
          {answer && answer.totalRows > 0 && (
            <Pagination
              startRow={state.startRow}
              pageSize={state.pageSize}
              totalRows={answer.totalRows}
              noun={noun}
              onChange={(window) => onStateChange(window)}
            />
          )}
          {answer && variant && (hasLockedRows || showsTeaser(viewer, answer.totalRows, visibleRowAllowance[viewer])) && (
            <PaywallTeaser variant={variant} returnTo={returnTo} />
          )}
        </>
      )}
    </section>
  );
}
