import { isLockedRow, type LockedRow } from '@serpwise/contracts';
import { useCallback, useEffect, useState } from 'react';

/**
 * Row selection of a table: rows are selected by key, so a selection survives sorting and paging. The header
 * checkbox acts on the rows of the current page only (the ones the user can see); locked rows have no key and
 * cannot be selected.
 */
export type HeaderCheckState = 'all' | 'some' | 'none';

export function toggleRow(selected: readonly string[], key: string): string[] {
  return selected.includes(key) ? selected.filter((item) => item !== key) : [...selected, key];
}

/** All of the page selected → unselect the page; otherwise select the rest of the page. */
export function toggleAll(selected: readonly string[], pageKeys: readonly string[]): string[] {
  if (pageKeys.length === 0) return [...selected];
  if (headerState(selected, pageKeys) === 'all') return selected.filter((key) => !pageKeys.includes(key));
  return [...selected, ...pageKeys.filter((key) => !selected.includes(key))];
}

export function headerState(selected: readonly string[], pageKeys: readonly string[]): HeaderCheckState {
  const count = pageKeys.filter((key) => selected.includes(key)).length;
  if (count === 0) return 'none';
  return count === pageKeys.length ? 'all' : 'some';
}

export interface RowSelection {
  selected: string[];
  onChange: (selected: string[]) => void;
  clear: () => void;
  /** Optional cap (e.g. a comparison of at most two rows); further rows cannot be ticked. */
  limit?: number;
}

export function useRowSelection(limit?: number): RowSelection {
  const [selected, setSelected] = useState<string[]>([]);
  const clear = useCallback(() => setSelected([]), []);
  return { selected, onChange: setSelected, clear, limit };
}

/**
 * The rows a selection's keys stand for. A selection survives paging, so the rows of every page seen since are kept
 * (by key), not only the current page's: an action on the selection needs the rows, not just their keys.
 */
export function useSeenRows<Row>(rows: readonly (Row | LockedRow)[] | undefined, rowKey: (row: Row) => string): (keys: readonly string[]) => Row[] {
  const [seen] = useState(() => new Map<string, Row>());
  useEffect(() => {
    for (const row of rows ?? []) if (!isLockedRow(row)) seen.set(rowKey(row), row);
  }, [rows, rowKey, seen]);
  return useCallback((keys) => keys.flatMap((key) => seen.get(key) ?? []), [seen]);
}
