import type { TablePage } from '@serpwise/contracts';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { ColumnDef } from '@/components/ui/table/columns';
import { useResearch, useResearchPost, type ResearchParams } from '../api/research-request';
import type { ExportTarget } from '../components/export-slot';
import { useMonthParam } from './use-month-param';
import { tableParams, useUrlTableState } from './use-table-state';

/**
 * The main table of a screen: its state in the URL, the request built from the subject's parameters plus that
 * state, and the answer. `subject` null = the screen has nothing to ask yet.
 */
export function useTableScreen<Row, Extra = object>(endpoint: string, subject: ResearchParams | null, columns: readonly ColumnDef<Row>[]) {
  const [state, change] = useUrlTableState();
  // The page's month (the month picker's) is part of the request, so the export asks for the same month.
  const month = useMonthParam();
  const params = subject ? { ...(month ? { month } : {}), ...subject, ...tableParams(state, columns) } : null;
  const result = useResearch<TablePage<Row> & { month: string | null; wasQueryFound: boolean } & Extra>(endpoint, params);
  /**
   * What the screen's ResearchTable takes from it (`<ResearchTable {...table.tableProps} …/>`): the columns the request
   * was built from, the answer, the URL state, and the export of the same request.
   */
  const tableProps = {
    columns,
    answer: result.data,
    isFetching: result.isFetching,
    error: result.error,
    state,
    onStateChange: change,
    exportTarget: params ? ({ table: endpoint, params } satisfies ExportTarget) : undefined,
  };
  return { state, change, params, ...result, tableProps };
}

/**
 * The main table of a screen asked by POST (a list the user gave: bulk keywords, outreach lists): the same URL state,
 * the body built from `fields` plus that state. `fields` null = nothing to ask yet. Such tables have no export.
 */
export function usePostedTableScreen<Answer extends TablePage<Row>, Row>(endpoint: string, fields: Record<string, unknown> | null, columns: readonly ColumnDef<Row>[]) {
  const [state, change] = useUrlTableState();
  const body = fields ? { ...fields, ...tableParams(state, columns) } : null;
  const result = useResearchPost<Answer>(endpoint, body);
  const tableProps = { columns, answer: result.data, isFetching: result.isFetching, error: result.error, state, onStateChange: change };
  return { ...result, tableProps };
}

/**
 * A screen parameter kept in the URL (type, segment, status, competitors). Changing it starts the table again:
 * page, sort and filter are dropped.
 */
export function useUrlParam<Value extends string>(name: string, fallback: Value, allowed?: readonly Value[]): [Value, (value: Value | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(name) as Value | null;
  const value = raw && (!allowed || allowed.includes(raw)) ? raw : fallback;
  const set = useCallback(
    (next: Value | null) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        for (const key of ['sort', 'dir', 'startRow', 'filter']) updated.delete(key);
        if (next === null || next === '') updated.delete(name);
        else updated.set(name, next);
        return updated;
      }),
    [name, setParams],
  );
  return [value, set];
}
