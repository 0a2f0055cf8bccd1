import {
  clipboardLine,
  columnHeader,
  exportUpsellMessage,
  googleSheetsMaxRows,
  googleSheetsMessages,
  isLockedRow,
  isKnownResearchTable,
  spreadsheetCell,
  type ExportFormat,
  type StartExportRequest,
} from '@serpwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Modal } from '@/components/ui/modal';
import { ApiRequestError } from '@/lib/api-client';
import { useRealtime } from '@/lib/socket';
import { activeStateQuery, useActiveState } from '@/features/auth';
import { loggedOutExportText } from '@/features/paywall';
import { consentUrl, googleAuthMessageType, googleAuthQueryKey, googleAuthReturnKey, useGoogleAuth } from '../api/google-auth';
import { useStartExport } from '../api/start-export';
import { useExportNotices } from './export-notices';
import { PdfExportModal } from './pdf-export-modal';
import { loginHref, placeOf, withReturnUrl } from '@/lib/return-url';
import { useDismiss } from '@/components/ui/use-dismiss';
import { logEvent } from '@/lib/analytics';

export interface ExportMenuProps {
  /** The table's endpoint path under /rest/research/, e.g. "seo/keywords". */
  table: string;
  /** The parameters the table is read with now (countryCode, sort, sortDirection, filter, domain …). */
  params: StartExportRequest['params'];
  /** The table's row count (its totalRows), to tell the upsell before asking the server. */
  totalRows?: number;
  /** The rows on screen, for "Copy to clipboard". */
  rows?: readonly object[];
  /** Keyword tables offer Partial (limited by plan) or Full (docs/product/account-exports-reports.md §4 Keyword export). */
  kind?: 'keywords';
}

type Dialog =
  | { kind: 'logged-out' }
  | { kind: 'upsell'; message: string; format: ExportFormat; partialRows: number }
  | { kind: 'keywords'; format: ExportFormat }
  | { kind: 'sheets-limit' }
  | { kind: 'pdf'; domain: string };


/**
 * The export dropdown of a research table (docs/product/account-exports-reports.md §2 Export screens): CSV and Excel run as jobs over every row of the
 * table (its sort and filter, not the page on screen) and follow in the notice stack; Copy to clipboard copies the
 * rows on screen; Google Sheets writes the table into a new spreadsheet in the user's Google Drive (after a
 * one-time authorisation in a popup, at most 100,000 rows); PDF opens the PDF report modal for the table's domain. Visitors get the logged-out modal, free users go to
 * /upgrade, and full users over their allowance see 'Upgrade to get all N rows.'.
 */
export function ExportMenu({ table, params, totalRows, rows, kind }: ExportMenuProps) {
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [copied, setCopied] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { data: state } = useActiveState();
  const start = useStartExport();
  const notices = useExportNotices();
  const navigate = useNavigate();
  const location = useLocation();
  /** Where a login or upgrade from this menu comes back to (docs/decisions.md issue 24). */
  const here = placeOf(location);
  const menu = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  // Open the page's socket as soon as an export can be started, so its notice is live from the first event.
  useRealtime();

  // Escape or a press outside closes the menu, as every menu does (issue 24).
  useDismiss(open, menu, () => setOpen(false));

  const user = state?.user;
  const google = useGoogleAuth(Boolean(user?.isLoggedIn && user.isFullUser)).data;
  const googleUnavailable = google !== undefined && !google.configured;
  const allowance = user?.product ?? { maxExportRows: 0, hasUnlimitedExportRows: false };
  const overAllowance = totalRows !== undefined && !allowance.hasUnlimitedExportRows && totalRows > allowance.maxExportRows;

  const run = (format: ExportFormat, scope: 'full' | 'partial') => {
    setDialog(null);
    setFailure(null);
    start.mutate(
      { table, params, format, scope },
      {
        onSuccess: (status) => notices.add(status),
        onError: (error) => {
          if (error instanceof ApiRequestError && error.status === 403 && error.message.startsWith('Upgrade to get all')) {
            setDialog({ kind: 'upsell', message: error.message, format, partialRows: allowance.maxExportRows });
          } else if (error instanceof ApiRequestError && error.message === googleSheetsMessages.overLimit) setDialog({ kind: 'sheets-limit' });
          else if (error instanceof ApiRequestError && error.message === googleSheetsMessages.notAuthorised) authoriseGoogle();
          else setFailure(error.message);
        },
      },
    );
  };

  /**
   * The user as the server knows them. A click before the active state has loaded waits for it, so a logged-in user
   * who clicks at once (a slow connection, a busy machine) is never shown the log-in modal instead of their export.
   */
  const whoIsAsking = async () => state?.user ?? (await queryClient.fetchQuery(activeStateQuery)).user;

  const choose = async (format: ExportFormat) => {
    setOpen(false);
    const asking = await whoIsAsking();
    if (!asking?.isLoggedIn) return setDialog({ kind: 'logged-out' });
    if (!asking.isFullUser) return void navigate(withReturnUrl('/upgrade', here));
    const limit = asking.product ?? allowance;
    const overLimit = totalRows === undefined || (!limit.hasUnlimitedExportRows && totalRows > limit.maxExportRows);
    // Partial or Full is a choice only when the table is larger than the plan allows (issue 24); else every row goes.
    if (kind === 'keywords') return overLimit ? setDialog({ kind: 'keywords', format }) : run(format, 'full');
    if (totalRows !== undefined && !limit.hasUnlimitedExportRows && totalRows > limit.maxExportRows)
      return setDialog({ kind: 'upsell', message: exportUpsellMessage(totalRows), format, partialRows: limit.maxExportRows });
    run(format, 'full');
  };

  /** Into Google Sheets: the 100k cap first (docs/product/account-exports-reports.md §9), else every row. */
  const runSheets = () => (totalRows !== undefined && totalRows > googleSheetsMaxRows ? setDialog({ kind: 'sheets-limit' }) : run('sheets', 'full'));

  /**
   * The one-time Google authorisation: the consent screen in a popup, whose callback page stores the code
   * (/auth/setgoogletoken) and tells this page; without a popup the whole page goes and comes back.
   */
  const authoriseGoogle = () => {
    if (!google?.authorizeUrl) return;
    const url = consentUrl(google.authorizeUrl);
    const popup = window.open(url, 'serpwise-google-auth', 'popup,width=520,height=640');
    if (!popup) {
      sessionStorage.setItem(googleAuthReturnKey, location.pathname + location.search);
      window.location.assign(url);
      return;
    }
    const onMessage = (event: MessageEvent<{ type?: string; ok?: boolean; message?: string }>) => {
      if (event.origin !== window.location.origin || event.data?.type !== googleAuthMessageType) return;
      window.removeEventListener('message', onMessage);
      void queryClient.invalidateQueries({ queryKey: googleAuthQueryKey });
      if (event.data.ok) runSheets();
      else setFailure(event.data.message ?? googleSheetsMessages.authorisationFailed);
    };
    window.addEventListener('message', onMessage);
  };

  const chooseSheets = async () => {
    setOpen(false);
    const asking = await whoIsAsking();
    if (!asking?.isLoggedIn) return setDialog({ kind: 'logged-out' });
    if (!asking.isFullUser) return void navigate(withReturnUrl('/upgrade', here));
    if (!google?.configured) return;
    if (!google.hasGoogleToken) return authoriseGoogle();
    runSheets();
  };

  /** A PDF report is about a domain: offered on the tables of a domain's screens. */
  const reportDomain = typeof params?.domain === 'string' && params.domain ? params.domain : null;
  const choosePdf = async () => {
    setOpen(false);
    const asking = await whoIsAsking();
    if (!asking?.isLoggedIn) return setDialog({ kind: 'logged-out' });
    if (!asking.isFullUser) return void navigate(withReturnUrl('/upgrade', here));
    if (reportDomain) setDialog({ kind: 'pdf', domain: reportDomain });
  };

  const copy = async () => {
    setOpen(false);
    const visible = (rows ?? []).filter((row) => !isLockedRow(row)) as Record<string, unknown>[];
    const keys = visible[0] ? Object.keys(visible[0]) : [];
    const text = [clipboardLine(keys.map(columnHeader)), ...visible.map((row) => clipboardLine(keys.map((key) => spreadsheetCell(row[key]))))].join('\n');
    await navigator.clipboard.writeText(text);
    if (isKnownResearchTable(table)) void logEvent('Export_Clipboard', table);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };

  return (
    <div className="export-menu" ref={menu}>
      <button type="button" className="button button--small" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
        Export
      </button>
      {open && (
        <ul className="export-menu__list" role="menu">
          <li role="none">
            <button type="button" role="menuitem" onClick={() => void choose('csv')}>
              CSV
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" onClick={() => void choose('xlsx')}>
              Excel
            </button>
          </li>
          <li role="none">
            {googleUnavailable ? (
              <button type="button" role="menuitem" disabled title={googleSheetsMessages.notConfigured}>
                Google Sheets <small>an administrator must configure it</small>
              </button>
            ) : (
              <button type="button" role="menuitem" onClick={() => void chooseSheets()}>
                Google Sheets{google && !google.hasGoogleToken ? <small> connect Google</small> : null}
              </button>
            )}
          </li>
          <li role="none">
            <button type="button" role="menuitem" disabled={!rows?.length} onClick={() => void copy()}>
              Copy to clipboard
            </button>
          </li>
          <li role="none">
            {reportDomain ? (
              <button type="button" role="menuitem" onClick={() => void choosePdf()}>
                PDF report
              </button>
            ) : (
              <button type="button" role="menuitem" disabled title="PDF reports are made for a domain">
                PDF <small>for domains</small>
              </button>
            )}
          </li>
        </ul>
      )}
      {copied && <span className="export-menu__copied">Copied</span>}
      {failure && (
        <p role="alert" className="notice notice--error">
          {failure}
        </p>
      )}

      {dialog?.kind === 'pdf' && (
        <PdfExportModal domain={dialog.domain} countryCode={typeof params?.countryCode === 'string' ? params.countryCode : 'US'} sectionName={table} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'logged-out' && (
        <Modal open title="Export to CSV" onClose={() => setDialog(null)}>
          <p>{loggedOutExportText}</p>
          <div className="export-modal__actions">
            <a className="button button--primary" href={loginHref(here)}>
              Log in
            </a>
            <a className="button" href={withReturnUrl('/mainpurchase', here)}>
              See plans
            </a>
          </div>
        </Modal>
      )}
      {dialog?.kind === 'upsell' && (
        <Modal open title="Export limit" onClose={() => setDialog(null)}>
          <p data-testid="export-upsell">{dialog.message}</p>
          <div className="export-modal__actions">
            <a className="button button--primary" href={withReturnUrl('/upgrade', here)}>
              Upgrade Now
            </a>
            {dialog.partialRows > 0 && (
              <button type="button" className="button" onClick={() => run(dialog.format, 'partial')}>
                Export the first {dialog.partialRows.toLocaleString('en-US')} rows
              </button>
            )}
          </div>
        </Modal>
      )}
      {dialog?.kind === 'sheets-limit' && (
        <Modal open title="Google Sheets limit" onClose={() => setDialog(null)}>
          <p data-testid="sheets-limit">{googleSheetsMessages.overLimit}</p>
          <div className="export-modal__actions">
            <button type="button" className="button button--primary" onClick={() => run('sheets', 'partial')}>
              {googleSheetsMessages.exportCappedButton}
            </button>
            <button type="button" className="button" onClick={() => void choose('csv')}>
              Export as CSV
            </button>
          </div>
        </Modal>
      )}
      {dialog?.kind === 'keywords' && (
        <Modal open title="Export keywords" onClose={() => setDialog(null)}>
          <div className="export-modal__actions">
            <button type="button" className="button" onClick={() => run(dialog.format, 'partial')}>
              Partial{allowance.hasUnlimitedExportRows ? '' : ` (up to ${allowance.maxExportRows.toLocaleString('en-US')} rows, your plan's limit)`}
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() =>
                overAllowance ? setDialog({ kind: 'upsell', message: exportUpsellMessage(totalRows), format: dialog.format, partialRows: allowance.maxExportRows }) : run(dialog.format, 'full')
              }
            >
              Full{totalRows !== undefined ? ` (all ${totalRows.toLocaleString('en-US')} rows)` : ''}
            </button>
          </div>
        </Modal>
      )}
    </div>
  );
}
