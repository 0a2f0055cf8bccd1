import { Link } from 'react-router';
import { formatNumber } from '@/lib/format';
import { useHere, withReturnUrl } from '@/lib/return-url';

export interface TableLock {
  text: string;
  link: string;
}

/** The lock icon the overlay and throttled cells share. */
export function LockIcon({ size = 14 }: { size?: number }) {
  return (
    <svg className="lock-icon" width={size} height={size} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <rect x="2.5" y="7" width="11" height="8" rx="1.6" fill="currentColor" />
    </svg>
  );
}

/**
 * The lock over the rows a viewer may not see (docs/product/site.md §6, docs/product/account-exports-reports.md §2): 'Log in to see all results' (visitors,
 * to login) or 'Unlock all the data' (logged-in non-full users, to the purchase page). The rows behind it are
 * blurred placeholders: the server never sends their data.
 */
export function LockOverlay({ lock, lockedRows, returnTo }: { lock: TableLock; lockedRows: number; returnTo?: string }) {
  const placeholders = Math.min(lockedRows, 8);
  const link = useLockLink(lock, returnTo);
  return (
    <div className="lock-overlay" data-testid="lock-overlay">
      <div className="lock-overlay__rows" aria-hidden="true">
        {Array.from({ length: placeholders }, (_, index) => (
          <div key={index} className="lock-overlay__row">
            <span style={{ width: `${38 + ((index * 17) % 30)}%` }} />
            <span />
            <span />
            <span />
          </div>
        ))}
      </div>
      {/* The card stays in the visible part of a table that scrolls sideways (phones). */}
      <div className="lock-overlay__center">
        <div className="lock-overlay__card">
          <LockIcon size={18} />
          <Link className="lock-overlay__link" to={link}>
            {lock.text}
          </Link>
          <small>
            {formatNumber(lockedRows)} more {lockedRows === 1 ? 'row' : 'rows'} on this page
          </small>
        </div>
      </div>
    </div>
  );
}

/**
 * Where a lock leads, coming back to this place (path, query, hash) after logging in or paying (docs/decisions.md
 * issue 24).
 */
function useLockLink(lock: TableLock | null, returnTo?: string): string {
  const here = useHere();
  return lock ? withReturnUrl(lock.link, returnTo ?? here) : '';
}

/** A paid value withheld from this viewer (sent as null): a lock that leads where the overlay does. */
export function ThrottledCell({ lock }: { lock: TableLock | null }) {
  const link = useLockLink(lock);
  if (!lock) return <span className="throttled">—</span>;
  return (
    <Link className="throttled" to={link} title={lock.text} aria-label={lock.text}>
      <LockIcon size={12} />
    </Link>
  );
}
