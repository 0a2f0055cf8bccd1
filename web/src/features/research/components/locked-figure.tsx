import { Link } from 'react-router';
import { LockIcon } from '@/components/ui/table/lock-overlay';
import { useViewerLock } from '@/features/paywall';

/** Where a locked figure leads: the viewer's lock (log in, or unlock), else the purchase page. */
export function useLockLink(): { text: string; link: string } {
  const { lock } = useViewerLock();
  return lock ?? { text: 'Unlock all the data', link: '/mainpurchase' };
}

/**
 * A paid figure the viewer may not see (the API sent null: contracts' paidFigures, docs/decisions.md "One paywall"):
 * the same lock on every card of every page.
 */
export function LockedFigure() {
  const lockLink = useLockLink();
  return (
    <Link to={lockLink.link} className="metric-lock" title={lockLink.text}>
      <LockIcon size={16} /> {lockLink.text}
    </Link>
  );
}
