import { googleSheetsMessages, isFinished, restPrefix, type ExportStatus, type PdfExportStatus } from '@serpwise/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { useJobEvents } from '../../../lib/use-job-events';
import { useCancelExport } from '../api/cancel-export';
import { PdfExportFollower } from './pdf-export-follower';

/** docs/product/account-exports-reports.md §4 Notifications, §9: a finished notice leaves after 8000 ms, waits while hovered, and leaves 1000 ms after the mouse does. */
export const noticeTimeoutMs = 8000;
export const noticeMouseLeaveMs = 1000;

const exportStatusPath = (id: string) => `${restPrefix}/exports/${id}`;
const formatLabel = { csv: 'CSV', xlsx: 'Excel', sheets: 'Google Sheets' } as const;
const rowsText = (count: number) => count.toLocaleString('en-US');

interface NoticesValue {
  add(status: ExportStatus): void;
  remove(id: string): void;
  /** Follows a PDF export in the app's notifications ('Generating PDF…' → 'Exported PDF'). */
  followPdf(status: PdfExportStatus): void;
}

const NoticesContext = createContext<NoticesValue | null>(null);

/** Where an export started from any screen is followed: the stack of export notices (bottom right). */
export function ExportNoticesProvider({ children }: { children: ReactNode }) {
  const [notices, setNotices] = useState<ExportStatus[]>([]);
  const add = useCallback((status: ExportStatus) => setNotices((current) => [...current.filter((notice) => notice.id !== status.id), status]), []);
  const remove = useCallback((id: string) => setNotices((current) => current.filter((notice) => notice.id !== id)), []);
  const [pdfExports, setPdfExports] = useState<PdfExportStatus[]>([]);
  const followPdf = useCallback((status: PdfExportStatus) => setPdfExports((current) => [...current.filter((entry) => entry.id !== status.id), status]), []);
  const value = useMemo(() => ({ add, remove, followPdf }), [add, remove, followPdf]);
  return (
    <NoticesContext.Provider value={value}>
      {children}
      <div className="export-notices" aria-live="polite">
        {notices.map((notice) => (
          <ExportNotice key={notice.id} initial={notice} onDismiss={() => remove(notice.id)} />
        ))}
      </div>
      {pdfExports.map((status) => (
        <PdfExportFollower key={status.id} initial={status} onDone={() => setPdfExports((current) => current.filter((entry) => entry.id !== status.id))} />
      ))}
    </NoticesContext.Provider>
  );
}

export function useExportNotices(): NoticesValue {
  const value = useContext(NoticesContext);
  if (!value) throw new Error('useExportNotices needs an ExportNoticesProvider');
  return value;
}

/** Removes a finished notice after the documented times; hovering holds it. */
function useAutoDismiss(finished: boolean, onDismiss: () => void) {
  const [hovered, setHovered] = useState(false);
  const [mouseLeft, setMouseLeft] = useState(false);
  const dismiss = useRef(onDismiss);
  useEffect(() => {
    dismiss.current = onDismiss;
  });
  useEffect(() => {
    if (!finished || hovered) return;
    const timer = setTimeout(() => dismiss.current(), mouseLeft ? noticeMouseLeaveMs : noticeTimeoutMs);
    return () => clearTimeout(timer);
  }, [finished, hovered, mouseLeft]);
  return {
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => {
      setHovered(false);
      setMouseLeft(true);
    },
  };
}

/**
 * One export request notice (docs/product/account-exports-reports.md §4): pending with its progress (rows written, percent), then ready with its
 * download link, or error (marked, no text). Live over the socket; the 3000 ms poll only while the socket is down.
 */
export function ExportNotice({ initial, onDismiss }: { initial: ExportStatus; onDismiss: () => void }) {
  const { status: latest } = useJobEvents(initial.id, initial, exportStatusPath);
  const status = (latest ?? initial) as ExportStatus;
  const cancel = useCancelExport();
  const finished = isFinished(status.state);
  const hover = useAutoDismiss(finished, onDismiss);
  const label = formatLabel[status.export?.format ?? initial.export.format];
  const state = status.state === 'completed' ? 'ready' : status.state === 'failed' ? 'error' : status.state === 'cancelled' ? 'cancelled' : 'pending';
  const downloadUrl = status.export?.downloadUrl ?? null;

  return (
    <div className={`export-notice export-notice--${state}`} role="status" data-testid="export-notice" data-state={state} {...hover}>
      <button type="button" className="export-notice__close" aria-label="Dismiss" onClick={onDismiss}>
        ×
      </button>
      {state === 'pending' && (
        <>
          <strong>Generating {label}…</strong>
          <ProgressBar percent={status.percent} label={`${label} export progress`} />
          <p className="export-notice__meta" data-testid="export-progress">
            {rowsText(status.done)} of {rowsText(status.total)} rows · {status.percent}%
          </p>
          <button type="button" className="button button--small button--ghost" disabled={cancel.isPending} onClick={() => cancel.mutate(status.id)}>
            Cancel
          </button>
        </>
      )}
      {state === 'ready' && status.export?.spreadsheetUrl && (
        <>
          <strong>{googleSheetsMessages.shared}</strong>
          <a className="button button--small button--primary" href={status.export.spreadsheetUrl} target="_blank" rel="noopener noreferrer" data-testid="export-spreadsheet">
            Open in Google Sheets
          </a>
        </>
      )}
      {state === 'ready' && !status.export?.spreadsheetUrl && (
        <>
          <strong>Exported {label}</strong>
          {downloadUrl ? (
            <a className="button button--small button--primary" href={downloadUrl} download data-testid="export-download">
              Download {(status.result as { fileName?: string } | null)?.fileName ?? label}
            </a>
          ) : (
            <p className="export-notice__meta">The file is no longer available.</p>
          )}
        </>
      )}
      {state === 'error' && (status.export?.format ?? initial.export.format) === 'sheets' && <strong role="alert">{googleSheetsMessages.shareFailed}</strong>}
      {state === 'error' && (status.export?.format ?? initial.export.format) !== 'sheets' && <strong>{label} export</strong>}
      {state === 'cancelled' && <strong>{label} export cancelled</strong>}
    </div>
  );
}
