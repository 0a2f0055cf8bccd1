import { defaultPageSize, pageSizes } from '@serpwise/contracts';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ColumnDef } from '@/components/ui/table/columns';
import type { SortState } from '@/components/ui/table/sort-cycle';
import type { ResearchParams } from '../api/research-request';

export interface TableState {
  sort: SortState | null;
  startRow: number;
  pageSize: number;
  filter: string;
}

export type TableStateChange = Partial<TableState>;

const validPageSize = (value: number) => ((pageSizes as readonly number[]).includes(value) ? value : defaultPageSize);

/** The table state in a URL: sort, dir, startRow, pageSize, filter (so a page can be shared, reloaded and gone back to). */
export function tableStateFrom(params: URLSearchParams): TableState {
  const column = params.get('sort');
  const direction = params.get('dir');
  const startRow = Number(params.get('startRow') ?? 1);
  return {
    sort: column && (direction === 'asc' || direction === 'desc') ? { column, direction } : null,
    startRow: Number.isInteger(startRow) && startRow >= 1 ? startRow : 1,
    pageSize: validPageSize(Number(params.get('pageSize') ?? defaultPageSize)),
    filter: params.get('filter') ?? '',
  };
}

/** Applies a change; a new sort, filter or page size starts again at row 1. */
export function applyTableChange(state: TableState, change: TableStateChange): TableState {
  const restart = ('sort' in change || 'filter' in change || ('pageSize' in change && change.pageSize !== state.pageSize)) && !('startRow' in change);
  return { ...state, ...change, startRow: restart ? 1 : (change.startRow ?? state.startRow) };
}

export function writeTableState(params: URLSearchParams, state: TableState): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null) => (value === null ? next.delete(key) : next.set(key, value));
  set('sort', state.sort?.column ?? null);
  set('dir', state.sort?.direction ?? null);
  set('startRow', state.startRow > 1 ? String(state.startRow) : null);
  set('pageSize', state.pageSize !== defaultPageSize ? String(state.pageSize) : null);
  set('filter', state.filter ? state.filter : null);
  return next;
}

/** The table state of the page's main table, kept in the URL. A new page or sort is a history entry; typing a filter is not. */
export function useUrlTableState(): [TableState, (change: TableStateChange) => void] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => tableStateFrom(params), [params]);
  const change = useCallback(
    (patch: TableStateChange) => setParams((current) => writeTableState(current, applyTableChange(tableStateFrom(current), patch)), { replace: 'filter' in patch }),
    [setParams],
  );
  return [state, change];
}

/** The same for a secondary table (previews, side tables) kept in component state. */
export function useLocalTableState(initial: Partial<TableState> = {}): [TableState, (change: TableStateChange) => void] {
  const [state, setState] = useState<TableState>({ sort: null, startRow: 1, pageSize: defaultPageSize, filter: '', ...initial });
  const change = useCallback((patch: TableStateChange) => setState((current) => applyTableChange(current, patch)), []);
  return [state, change];
}

/**
 * The research API's table parameters for a state: the page window, the sort with its direction, where that
 * column's empty values go (emptyValues), and the filter.
 */
export function tableParams<Row>(state: TableState, columns: readonly ColumnDef<Row>[]): ResearchParams {
  const column = state.sort ? columns.find((candidate) => candidate.key === state.sort!.column) : undefined;
  return {
    startRow: state.startRow,
    pageSize: state.pageSize,
    sort: column ? state.sort!.column : undefined,
    sortDirection: column ? state.sort!.direction : undefined,
    // unset: the API puts unknown values last in both directions
    emptyValues: column?.emptyValues,
    filter: state.filter.trim() || undefined,
  };
}
