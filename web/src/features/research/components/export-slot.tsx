import type { Viewer } from '@serpwise/contracts';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { ExportMenu } from '@/features/exports';
import { LoggedOutCsvModal } from '@/features/paywall';
import type { ResearchParams } from '../api/research-request';
import { placeOf } from '@/lib/return-url';

export interface ExportTarget {
  /** The table's path under /rest/research/ (what prepareExport(sql, table, params) takes on the server). */
  table: string;
  /** The parameters of the table as shown (subject, type, sort, filter, territory, month). */
  params: ResearchParams;
}

/**
 * The export control of a table toolbar: a visitor gets the CSV button that opens the logged-out CSV modal (docs/product/account-exports-reports.md §6:
 * visitors cannot export); a logged-in user gets the export dropdown (free users are sent to /upgrade from it).
 */
export function ExportSlot({ target, viewer, totalRows, rows }: { target: ExportTarget; viewer: Viewer; totalRows?: number; rows?: readonly object[] }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  return (
    <div className="table-toolbar__export" data-export-table={target.table}>
      {viewer === 'visitor' && (
        <>
          <button type="button" className="button button--small" onClick={() => setOpen(true)}>
            <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false" style={{ verticalAlign: '-2px', marginRight: 6 }}>
              <path d="M8 1v9m0 0 3.5-3.5M8 10 4.5 6.5M2 12v2.5h12V12" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            CSV
          </button>
          {open && <LoggedOutCsvModal onClose={() => setOpen(false)} returnUrl={placeOf(location)} />}
        </>
      )}
      {viewer !== 'visitor' && (
        <ExportMenu
          table={target.table}
          params={Object.fromEntries(Object.entries(target.params).filter((entry): entry is [string, string | number] => entry[1] !== undefined))}
          {...(totalRows === undefined ? {} : { totalRows })}
          {...(rows ? { rows } : {})}
          {...(/keywords|related|kombat|ranking-history|advisor|bulk/.test(target.table) ? { kind: 'keywords' as const } : {})}
        />
      )}
    </div>
  );
}
