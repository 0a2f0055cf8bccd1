import { googleSheetsMessages, isFinished, restPrefix, type ExportStatus, type PdfExportStatus } from '@serpwise/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { alertMouseleaveTimeoutMs, alertTimeoutMs, notifications, useNotifications, type NotificationType } from '@/components/ui/notifications';
import { ProgressBar } from '@/components/ui/progress-bar';
import { useJobEvents } from '@/lib/use-job-events';
import { useCancelExport } from '../api/cancel-export';
import { PdfExportFollower } from './pdf-export-follower';

/** docs/product/account-exports-reports.md §4 Notifications, §9: the app's notice times, which export notices follow like every notice. */
export const noticeTimeoutMs = alertTimeoutMs;
export const noticeMouseLeaveMs = alertMouseleaveTimeoutMs;

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

/** Where an export started from any screen is followed; its notice is one of the app's notifications (components/ui/notifications.ts). */
export function ExportNoticesProvider({ children }: { children: ReactNode }) {
  const [exports, setExports] = useState<ExportStatus[]>([]);
  const add = useCallback((status: ExportStatus) => setExports((current) => [...current.filter((entry) => entry.id !== status.id), status]), []);
  const remove = useCallback((id: string) => setExports((current) => current.filter((entry) => entry.id !== id)), []);
  const [pdfExports, setPdfExports] = useState<PdfExportStatus[]>([]);
  const followPdf = useCallback((status: PdfExportStatus) => setPdfExports((current) => [...current.filter((entry) => entry.id !== status.id), status]), []);
  const value = useMemo(() => ({ add, remove, followPdf }), [add, remove, followPdf]);
  return (
    <NoticesContext.Provider value={value}>
      {children}
      {exports.map((status) => (
        <ExportFollower key={status.id} initial={status} onDone={() => remove(status.id)} />
      ))}
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

type NoticeState = 'pending' | 'ready' | 'error' | 'cancelled';
const noticeStateOf = (status: ExportStatus): NoticeState =>
  status.state === 'completed' ? 'ready' : status.state === 'failed' ? 'error' : status.state === 'cancelled' ? 'cancelled' : 'pending';
const noticeTypes: Record<NoticeState, NotificationType> = { pending: 'info', ready: 'success', error: 'error', cancelled: 'info' };

/**
 * Follows one export request (docs/product/account-exports-reports.md §4) in the app's notifications: its notice stays
 * while the export runs, then leaves by the usual notice rules (8000 ms, held while hovered). Live over the socket;
 * the 3000 ms poll only while the socket is down. Renders nothing; ends when its notice has left.
 */
function ExportFollower({ initial, onDone }: { initial: ExportStatus; onDone: () => void }) {
  const { status: latest } = useJobEvents(initial.id, initial, exportStatusPath);
  const status = (latest ?? initial) as ExportStatus;
  const shownNotices = useNotifications();
  const noticeId = useRef<string | null>(null);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  useEffect(
    () => () => {
      // Leaving before the end (the provider goes) keeps nothing pending on screen.
      if (noticeId.current) notifications.dismiss(noticeId.current);
      noticeId.current = null;
    },
    [],
  );

  const format = initial.export.format;
  useEffect(() => {
    const state = noticeStateOf(status);
    const content = <ExportNotice status={status} format={format} state={state} />;
    const options = { type: noticeTypes[state], timeout: isFinished(status.state) ? alertTimeoutMs : null };
    if (noticeId.current) notifications.update(noticeId.current, content, options);
    else noticeId.current = notifications.notify(content, options);
  }, [status, format]);

  useEffect(() => {
    const id = noticeId.current;
    if (id && !notifications.getSnapshot().some((entry) => entry.id === id)) {
      noticeId.current = null;
      done.current();
    }
  }, [shownNotices]);
  return null;
}

/** One export notice's content: pending with its progress (rows written, percent), then ready with its download link, or error (marked, no text). */
function ExportNotice({ status, format, state }: { status: ExportStatus; format: keyof typeof formatLabel; state: NoticeState }) {
  const cancel = useCancelExport();
  const label = formatLabel[status.export?.format ?? format];
  const downloadUrl = status.export?.downloadUrl ?? null;
  const sheets = (status.export?.format ?? format) === 'sheets';

  return (
    <div className={`export-notice export-notice--${state}`} data-testid="export-notice" data-state={state}>
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
      {state === 'error' && sheets && <strong role="alert">{googleSheetsMessages.shareFailed}</strong>}
      {state === 'error' && !sheets && <strong>{label} export</strong>}
      {state === 'cancelled' && <strong>{label} export cancelled</strong>}
    </div>
  );
}
