import { clipboardLine, columnHeader, exportUpsellMessage, isLockedRow, spreadsheetCell, type ExportFormat, type StartExportRequest } from '@serpwise/contracts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiRequestError } from '../../../lib/api-client';
import { useActiveState } from '../../auth/api/get-active-state';
import { useStartExport } from '../api/start-export';
import { useExportNotices } from './export-notices';

export interface ExportMenuProps {
  /** The table's endpoint path under /rest/research/, e.g. "seo/keywords". */
  table: string;
  /** The parameters the table is read with now (countryCode, sort, sortDirection, filter, domain …). */
  params: StartExportRequest['params'];
  /** The table's row count (its totalRows), to tell the upsell before asking the server. */
  totalRows?: number;
  /** The rows on screen, for "Copy to clipboard". */
  rows?: readonly object[];
  /** Keyword tables offer Partial (limited by plan) or Full (03 §4 Keyword export). */
  kind?: 'keywords';
}

type Dialog =
  | { kind: 'logged-out' }
  | { kind: 'upsell'; message: string; format: ExportFormat; partialRows: number }
  | { kind: 'keywords'; format: ExportFormat };

function Modal({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="export-modal__backdrop" onClick={onClose}>
      <div className="export-modal" role="dialog" aria-modal="true" aria-label={title} onClick={(event) => event.stopPropagation()}>
        <h2>{title}</h2>
        {children}
      </div>
    </div>
  );
}

/**
 * The export dropdown of a research table (03 §2 Export screens): CSV and Excel run as jobs over every row of the
 * table (its sort and filter, not the page on screen) and follow in the notice stack; Copy to clipboard copies the
 * rows on screen; Google Sheets and PDF are not available yet. Visitors get the logged-out modal, free users go to
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
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (event: MouseEvent) => !menu.current?.contains(event.target as Node) && setOpen(false);
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);

  const user = state?.user;
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
          } else setFailure(error.message);
        },
      },
    );
  };

  const choose = (format: ExportFormat) => {
    setOpen(false);
    if (!user?.isLoggedIn) return setDialog({ kind: 'logged-out' });
    if (!user.isFullUser) return void navigate('/upgrade');
    if (kind === 'keywords') return setDialog({ kind: 'keywords', format });
    if (overAllowance) return setDialog({ kind: 'upsell', message: exportUpsellMessage(totalRows), format, partialRows: allowance.maxExportRows });
    run(format, 'full');
  };

  const copy = async () => {
    setOpen(false);
    const visible = (rows ?? []).filter((row) => !isLockedRow(row)) as Record<string, unknown>[];
    const keys = visible[0] ? Object.keys(visible[0]) : [];
    const text = [clipboardLine(keys.map(columnHeader)), ...visible.map((row) => clipboardLine(keys.map((key) => spreadsheetCell(row[key]))))].join('\n');
    await navigator.clipboard.writeText(text);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };

  const returnUrl = encodeURIComponent(location.pathname + location.search);
  return (
    <div className="export-menu" ref={menu}>
      <button type="button" className="button button--small" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
        Export
      </button>
      {open && (
        <ul className="export-menu__list" role="menu">
          <li role="none">
            <button type="button" role="menuitem" onClick={() => choose('csv')}>
              CSV
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" onClick={() => choose('xlsx')}>
              Excel
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" disabled title="Coming soon">
              Google Sheets <small>coming soon</small>
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" disabled={!rows?.length} onClick={() => void copy()}>
              Copy to clipboard
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" disabled title="Coming soon">
              PDF <small>coming soon</small>
            </button>
          </li>
        </ul>
      )}
      {copied && <span className="export-menu__copied">Copied</span>}
      {failure && (
        <p role="alert" className="notice notice--error">
          {failure}
        </p>
      )}

      {dialog?.kind === 'logged-out' && (
        <Modal title="Export to CSV" onClose={() => setDialog(null)}>
          <p>Log in or create a free account to export this table to CSV or Excel.</p>
          <div className="export-modal__actions">
            <a className="button button--primary" href={`/auth/login?returnUrl=${returnUrl}`}>
              Log in
            </a>
            <a className="button" href="/freeaccount">
              Sign up
            </a>
          </div>
        </Modal>
      )}
      {dialog?.kind === 'upsell' && (
        <Modal title="Export limit" onClose={() => setDialog(null)}>
          <p data-testid="export-upsell">{dialog.message}</p>
          <div className="export-modal__actions">
            <a className="button button--primary" href="/upgrade">
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
      {dialog?.kind === 'keywords' && (
        <Modal title="Export keywords" onClose={() => setDialog(null)}>
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
