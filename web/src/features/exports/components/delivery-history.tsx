import type { PdfExportStatus, ScheduledPdfReport } from '@serpwise/contracts';
import { Spinner } from '@/components/ui/spinner';
import { errorsOf } from '@/lib/api-client';
import { formatBytes } from '@/lib/format';
import { useDeliveryHistory } from '../api/schedule-deliveries';
import { PlainTableHead } from './plain-table-head';
import { ShareLinkButton } from './share-link-button';

/** "Fri, Nov 27, 16:00 Europe/London": a moment as the schedule's own time zone tells it. */
export const scheduleDateTime = (iso: string, timeZone: string) =>
  `${new Date(iso).toLocaleString('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone })} ${timeZone}`;

/** Where a delivery stands, in words; a retried one says which attempt it is on. */
function deliveryState(delivery: PdfExportStatus): { text: string; tone: 'ok' | 'failed' | 'pending' } {
  switch (delivery.state) {
    case 'completed':
      return { text: 'Sent', tone: 'ok' };
    case 'failed':
      return { text: `Failed after ${delivery.attempts} ${delivery.attempts === 1 ? 'attempt' : 'attempts'}`, tone: 'failed' };
    case 'cancelled':
      return { text: 'Cancelled', tone: 'failed' };
    case 'active':
      return { text: delivery.attempts > 1 ? `Sending (attempt ${delivery.attempts})…` : 'Sending…', tone: 'pending' };
    default:
      return { text: 'Waiting to be sent', tone: 'pending' };
  }
}

/**
 * A schedule's delivery history (issue 22 point 1): each delivery with when it went (in the schedule's zone), whether
 * the schedule fired or Send now was pressed, to whom, how it went, the PDF's size and link, and the error of a
 * failed one. Followed live: a delivery's line changes as its job moves.
 */
export function DeliveryHistory({ report }: { report: ScheduledPdfReport }) {
  const history = useDeliveryHistory(report.alertId);
  if (history.isPending) return <Spinner />;
  if (history.error) return <p role="alert">{errorsOf(history.error).join(' ')}</p>;
  const deliveries = history.data ?? [];
  return (
    <section className="delivery-history" aria-label={`Delivery history of ${report.customTitle || `${report.template} Report for ${report.domain}`}`} data-testid="delivery-history">
      <h2 className="delivery-history__title">Delivery history</h2>
      {deliveries.length === 0 ? (
        <p className="muted">Nothing sent yet. Send now to check the report before its first scheduled delivery.</p>
      ) : (
        <table className="data-table delivery-history__table">
          <PlainTableHead columns={['Time', 'Recipients', 'Status', 'Size', 'PDF', 'Error']} />
          <tbody>
            {deliveries.map((delivery) => {
              const state = deliveryState(delivery);
              return (
                <tr key={delivery.id} data-testid="delivery" data-state={delivery.state}>
                  <td>
                    {scheduleDateTime(delivery.finishedAt ?? delivery.startedAt ?? delivery.createdAt, report.timeZone)}
                    <div className="muted">{delivery.pdf.trigger === 'send-now' ? 'Sent now' : 'Scheduled'}</div>
                  </td>
                  <td>{delivery.pdf.emailTo.join(', ')}</td>
                  <td className={`delivery delivery--${state.tone}`}>{state.text}</td>
                  <td>{formatBytes(delivery.pdf.bytes) ?? '—'}</td>
                  <td>
                    {delivery.pdf.url ? (
                      <>
                        <a href={delivery.pdf.url} target="_blank" rel="noreferrer">
                          Open PDF
                        </a>{' '}
                        <ShareLinkButton jobId={delivery.id} title={report.customTitle || `${report.template} Report for ${report.domain}`} />
                      </>
                    ) : (
                      <span className="muted">{delivery.state === 'completed' ? 'No longer kept' : '—'}</span>
                    )}
                  </td>
                  <td>{delivery.error ?? ''}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
