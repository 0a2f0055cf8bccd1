import { isFinished, pdfExportMessages, type PdfExportStatus } from '@serpwise/contracts';
import { useEffect, useRef } from 'react';
import { alertTimeoutMs, notifications } from '@/components/ui/notifications';
import { useJobEvents } from '@/lib/use-job-events';
import { pdfStatusPath } from '../api/pdf-export';

/**
 * Follows one PDF export (docs/product/account-exports-reports.md §4): the notice 'Generating PDF…' stays until the
 * report is ready, then becomes 'Exported PDF' with 'Open PDF in New Tab', which stays until the user closes it (or
 * says it was e-mailed or failed, and leaves by the usual notice rules). Live over the socket; GetStatus every 3 s
 * only while the socket is down. Renders nothing.
 */
export function PdfExportFollower({ initial, onDone }: { initial: PdfExportStatus; onDone: () => void }) {
  const sessionId = initial.pdf.sessionId ?? '';
  const { status } = useJobEvents(initial.id, initial, () => pdfStatusPath(sessionId));
  const notice = useRef<string | null>(null);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });

  useEffect(() => {
    notice.current = notifications.notify(pdfExportMessages.generating, { timeout: null, type: 'info' });
    return () => {
      // Leaving before the end (a new page) keeps nothing pending on screen.
      if (notice.current) notifications.dismiss(notice.current);
    };
  }, []);

  const latest = (status ?? initial) as PdfExportStatus;
  useEffect(() => {
    if (!notice.current || !isFinished(latest.state)) return;
    const id = notice.current;
    notice.current = null;
    if (latest.state === 'completed' && latest.pdf?.url) {
      // It holds the report's link: it stays until closed, like a table export's (export-notices.tsx).
      notifications.update(id, pdfExportMessages.exported, {
        type: 'success',
        timeout: null,
        action: latest.pdf.url,
        actionText: pdfExportMessages.openInNewTab,
        actionIcon: 'external-link',
      });
    } else if (latest.state === 'completed') {
      notifications.update(id, pdfExportMessages.emailed, { type: 'success', timeout: alertTimeoutMs });
    } else {
      notifications.update(id, pdfExportMessages.failed, { type: 'error', timeout: alertTimeoutMs });
    }
    done.current();
  }, [latest]);
  return null;
}
