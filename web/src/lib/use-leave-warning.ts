import { useEffect } from 'react';

/**
 * While `active`, leaving the page (closing the tab, reloading, following a link out) asks first: the browser's own
 * "Leave site?" question. For work that only lives in this page, such as a file still uploading: a half-sent upload
 * is lost without a trace, and the import never appears in the list. Moves inside the app keep the page, so they
 * are not asked about.
 */
export function useLeaveWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a return value is set; its text is not shown any more.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [active]);
}
