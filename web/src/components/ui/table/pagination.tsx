import { defaultPageSize, pageSizes } from '@serpwise/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { optionsOf, SelectOptions } from '@/components/form/select-field';
import { formatNumber } from '@/lib/format';

/** docs/product/account-exports-reports.md §5: changes settle for 500 ms before the table asks for the page, so fast clicks cost one request. */
export const paginationDebounceMs = 500;

export interface PageWindow {
  startRow: number;
  pageSize: number;
}

/** Start row minimum 1 (docs/product/account-exports-reports.md §5), and never past the last row. */
export function clampStartRow(startRow: number, totalRows: number): number {
  if (!Number.isFinite(startRow)) return 1;
  return Math.max(1, Math.min(Math.floor(startRow), Math.max(1, totalRows)));
}

export const previousWindow = ({ startRow, pageSize }: PageWindow): PageWindow => ({ startRow: Math.max(1, startRow - pageSize), pageSize });
export const nextWindow = ({ startRow, pageSize }: PageWindow, totalRows: number): PageWindow => ({
  startRow: startRow + pageSize <= totalRows ? startRow + pageSize : startRow,
  pageSize,
});

interface PaginationProps extends PageWindow {
  totalRows: number;
  onChange: (window: PageWindow) => void;
  /** What the rows are ("keywords", "domains"), for the range text. */
  noun?: string;
  debounceMs?: number;
}

/**
 * Page sizes 20/50/100/250/500/1000 (default 20), previous/next, and a start row field. The range shown changes at
 * once; `onChange` fires once the user has paused for the debounce (500 ms).
 */
export function Pagination({ startRow, pageSize, totalRows, onChange, noun = 'rows', debounceMs = paginationDebounceMs }: PaginationProps) {
  const [pending, setPending] = useState<PageWindow | null>(null);
  const [draft, setDraft] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latestOnChange = useRef(onChange);
  const sizeId = useId();
  const rowId = useId();

  useEffect(() => {
    latestOnChange.current = onChange;
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const shown = pending ?? { startRow, pageSize };
  const schedule = (next: PageWindow) => {
    setPending(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setPending(null);
      if (next.startRow !== startRow || next.pageSize !== pageSize) latestOnChange.current(next);
    }, debounceMs);
  };

  const lastRow = Math.min(totalRows, shown.startRow + shown.pageSize - 1);
  const page = Math.floor((shown.startRow - 1) / shown.pageSize) + 1;
  const pages = Math.max(1, Math.ceil(totalRows / shown.pageSize));
  const atStart = shown.startRow <= 1;
  const atEnd = shown.startRow + shown.pageSize > totalRows;

  return (
    <nav className="pagination" aria-label="Pagination">
      <p className="pagination__range" aria-live="polite">
        {totalRows === 0 ? `No ${noun}` : `${formatNumber(shown.startRow)}–${formatNumber(lastRow)} of ${formatNumber(totalRows)} ${noun}`}
        <span className="pagination__page"> · Page {formatNumber(page)} of {formatNumber(pages)}</span>
      </p>
      <div className="pagination__controls">
        <label className="pagination__field" htmlFor={sizeId}>
          Rows per page
          <select id={sizeId} value={shown.pageSize} onChange={(event) => schedule({ startRow: 1, pageSize: Number(event.target.value) })}>
            <SelectOptions options={optionsOf(pageSizes.map(String))} />
          </select>
        </label>
        <label className="pagination__field" htmlFor={rowId}>
          Start at row
          <input
            id={rowId}
            type="number"
            inputMode="numeric"
            min={1}
            max={Math.max(1, totalRows)}
            value={draft ?? String(shown.startRow)}
            onChange={(event) => {
              setDraft(event.target.value);
              const typed = Number(event.target.value);
              if (event.target.value.trim() !== '' && Number.isFinite(typed)) schedule({ startRow: clampStartRow(typed, totalRows), pageSize: shown.pageSize });
            }}
            onBlur={() => setDraft(null)}
          />
        </label>
        <button type="button" className="button button--small" onClick={() => schedule(previousWindow(shown))} disabled={atStart} aria-label="Previous page">
          ‹ Prev
        </button>
        <button type="button" className="button button--small" onClick={() => schedule(nextWindow(shown, totalRows))} disabled={atEnd} aria-label="Next page">
          Next ›
        </button>
      </div>
    </nav>
  );
}

export { defaultPageSize, pageSizes };
