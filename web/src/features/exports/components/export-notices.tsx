import { autoDownloadAttribute, googleSheetsMessages, isFinished, restPrefix, type ExportStatus, type PdfExportStatus } from '@serpwise/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { alertMouseleaveTimeoutMs, alertTimeoutMs, notifications, useNotifications, type NotificationType } from '@/components/ui/notifications';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Link } from 'react-router';
import { useJobEvents } from '@/lib/use-job-events';
import { useUserAttribute } from '@/lib/user-attributes';
import { useCancelExport } from '../api/cancel-export';
import { PdfExportFollower } from './pdf-export-follower';

/** docs/product/account-exports-reports.md §4 Notifications, §9: the app's notice times, which export notices follow like every notice. */
export const noticeTimeoutMs = alertTimeoutMs;
export const noticeMouseLeaveMs = alertMouseleaveTimeoutMs;

const exportStatusPath = (id: string) => `${restPrefix}/exports/${id}`;
const formatLabel = { csv: 'CSV', xlsx: 'Excel', sheets: 'Google Sheets' } as const;
const rowsText = (count: number) => count.toLocaleString('en-US');
/** When a finished file is removed, in the reader's words ("Nov 28, 2026, 10:15 AM"). */
export const formatExpiry = (at: string) => new Date(at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

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
 * How long a finished export's notice stays: one that holds the file (its Download or Google Sheets link) stays until
 * the user closes it, so a finished file is never lost (docs/decisions.md, "Issue 21: a finished file is never lost");
 * a failed or cancelled one leaves by the usual notice rules (8000 ms, held while hovered).
 */
const finishedNoticeTimeout = (state: NoticeState): number | null => (state === 'ready' ? null : alertTimeoutMs);

/** Downloads a file as if its link were clicked (the link is same-origin and signed: no new tab, no navigation). */
function downloadInPlace(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Follows one export request (docs/product/account-exports-reports.md §4) in the app's notifications: its notice stays
 * while the export runs, and then as finishedNoticeTimeout says; with the account's automatic downloads on, the file
 * downloads by itself once ready. Live over the socket; the 3000 ms poll only while the socket is down. Renders
 * nothing; ends when its notice has left.
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
    const options = { type: noticeTypes[state], timeout: isFinished(status.state) ? finishedNoticeTimeout(state) : null };
    if (noticeId.current) notifications.update(noticeId.current, content, options);
    else noticeId.current = notifications.notify(content, options);
  }, [status, format]);

  const autoDownload = useUserAttribute(autoDownloadAttribute).data?.value === '1';
  const downloaded = useRef(false);
  const downloadUrl = status.state === 'completed' ? (status.export?.downloadUrl ?? null) : null;
  useEffect(() => {
    if (!autoDownload || !downloadUrl || downloaded.current) return;
    downloaded.current = true;
    downloadInPlace(downloadUrl);
  }, [autoDownload, downloadUrl]);

  useEffect(() => {
    const id = noticeId.current;
    if (id && !notifications.getSnapshot().some((entry) => entry.id === id)) {
      noticeId.current = null;
      done.current();
    }
  }, [shownNotices]);
  return null;
}

/** A queued export: paused by an administrator, or waiting with the jobs ahead of it (issue 21), never "Generating… 0%". */
function WaitingLine({ label, waiting }: { label: string; waiting: ExportStatus['waiting'] | null }) {
  if (waiting?.paused) {
    return (
      <>
        <strong data-testid="export-waiting">{label} export paused by an administrator</strong>
        <p className="export-notice__meta">It starts when exports are resumed. Nothing is lost meanwhile.</p>
      </>
    );
  }
  const ahead = waiting?.ahead ?? 0;
  return (
    <>
      <strong data-testid="export-waiting">{label} export waiting to start</strong>
      {ahead > 0 && <p className="export-notice__meta">{rowsText(ahead)} {ahead === 1 ? 'job is' : 'jobs are'} ahead of it.</p>}
    </>
  );
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
          {status.state === 'queued' ? (
            <WaitingLine label={label} waiting={status.waiting ?? null} />
          ) : (
            <>
              <strong>Generating {label}…</strong>
              <ProgressBar percent={status.percent} label={`${label} export progress`} />
              <p className="export-notice__meta" data-testid="export-progress">
                {rowsText(status.done)} of {rowsText(status.total)} rows · {status.percent}%
                {/* Went on after a stopped attempt's committed rows (issue 21 item 4), as the job center's row says. */}
                {status.export?.resumedFrom ? ` · resumed after ${rowsText(status.export.resumedFrom)} rows` : null}
              </p>
            </>
          )}
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
            <>
              <a className="button button--small button--primary" href={downloadUrl} download data-testid="export-download">
                Download {(status.result as { fileName?: string } | null)?.fileName ?? label}
              </a>
              {status.export?.fileExpiresAt && (
                <p className="export-notice__meta">
                  Kept in <Link to="/exports">Your jobs</Link> until {formatExpiry(status.export.fileExpiresAt)}.
                </p>
              )}
            </>
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
