import { pdfExportMessages, type ScheduledPdfReport } from '@serpwise/contracts';
import { useState, type FormEvent } from 'react';
import { FormMessages } from '@/components/form/form-messages';
import { Modal } from '@/components/ui/modal';
import { notify } from '@/components/ui/notifications';
import { Spinner } from '@/components/ui/spinner';
import { errorsOf } from '@/lib/api-client';
import { useActiveState } from '@/features/auth';
import { useDeleteScheduledReport, useScheduledReports, useUpdateScheduledReport } from '../api/pdf-export';
import { frequencyLabel, ReportDeliveryFields } from './report-delivery-fields';

/** "Mon, Nov 23, 06:59 UTC": reports go out by UTC. */
const dateTime = (iso: string) =>
  `${new Date(iso).toLocaleString('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' })} UTC`;


/** Who a scheduled report goes to, in words. */
const addressesOf = (report: ScheduledPdfReport) => [...(report.sendReportToSelf ? ['you'] : []), ...report.recipients].join(', ');

/** The last delivery in words: sent, being retried, or failed with the reason (docs/product/account-exports-reports.md §7: a failed delivery is shown). */
function DeliveryCell({ report }: { report: ScheduledPdfReport }) {
  const delivery = report.lastDelivery;
  if (!delivery) return <span className="muted">Not sent yet</span>;
  if (delivery.state === 'completed') return <span className="delivery delivery--ok">Sent {dateTime(delivery.at)}</span>;
  if (delivery.state === 'failed')
    return (
      <span className="delivery delivery--failed" role="status">
        Failed {dateTime(delivery.at)} after {delivery.attempts} attempts: {delivery.error}
      </span>
    );
  return <span className="delivery delivery--pending">{delivery.attempts > 1 ? `Retrying (attempt ${delivery.attempts})…` : 'Sending…'}</span>;
}

/**
 * /account/scheduled-pdf-reports: the user's scheduled PDF reports with when the next goes out and how the last one
 * went; each can be changed (frequency, recipients, texts), paused and resumed, or deleted. Reports are scheduled
 * from the PDF export modal of a domain's tables.
 */
export function ScheduledReportsPage() {
  const { data: state } = useActiveState();
  const isFull = state?.user.isFullUser ?? false;
  const reports = useScheduledReports();
  const [editing, setEditing] = useState<ScheduledPdfReport | null>(null);
  const [deleting, setDeleting] = useState<ScheduledPdfReport | null>(null);
  const update = useUpdateScheduledReport();

  if (state && !isFull)
    return (
      <section className="page scheduled-reports">
        <h1>Scheduled PDF reports</h1>
        <p>Scheduled PDF reports are part of the full plan.</p>
        <a className="button button--primary" href="/upgrade">
          Upgrade Now
        </a>
      </section>
    );

  const toggleActive = (report: ScheduledPdfReport) =>
    update.mutate({ alertId: report.alertId, isActive: !report.isActive }, { onSuccess: () => notify(pdfExportMessages.updated, { type: 'success' }) });

  return (
    <section className="page scheduled-reports">
      <h1>Scheduled PDF reports</h1>
      <p className="muted">Reports go out on Mondays (weekly) or on the 1st of the month (monthly), at about 06:00 UTC. Schedule a new one from the Export menu of a domain&apos;s tables → PDF report → Schedule.</p>
      {reports.isPending && <Spinner />}
      <FormMessages formError={null} serverErrors={[...errorsOf(reports.error), ...errorsOf(update.error)]} />
      {reports.data && reports.data.length === 0 && <p data-testid="no-scheduled-reports">You have no scheduled reports yet.</p>}
      {reports.data && reports.data.length > 0 && (
        <div className="scheduled-reports__scroll">
        <table className="data-table scheduled-reports__table">
          <thead>
            <tr>
              <th scope="col">Report</th>
              <th scope="col">Frequency</th>
              <th scope="col">Recipients</th>
              <th scope="col">Next</th>
              <th scope="col">Last delivery</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {reports.data.map((report) => (
              <tr key={report.alertId} data-testid="scheduled-report" data-active={report.isActive}>
                <td>
                  <strong>{report.customTitle || `${report.template} Report for ${report.domain}`}</strong>
                  <div className="muted">
                    {report.domain} · {report.countryCode} · {report.template}, {report.design}
                  </div>
                </td>
                <td>{frequencyLabel(report.frequency)}</td>
                <td>{addressesOf(report)}</td>
                <td>{report.isActive ? (report.nextRunAt ? dateTime(report.nextRunAt) : 'Being scheduled…') : 'Paused'}</td>
                <td>
                  <DeliveryCell report={report} />
                </td>
                <td>
                  <div className="scheduled-reports__actions">
                  <button type="button" className="button button--small" onClick={() => setEditing(report)}>
                    Edit
                  </button>
                  <button type="button" className="button button--small button--ghost" disabled={update.isPending} onClick={() => toggleActive(report)}>
                    {report.isActive ? 'Pause' : 'Resume'}
                  </button>
                  <button type="button" className="button button--small button--danger" onClick={() => setDeleting(report)}>
                    Delete
                  </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      )}
      {editing && <EditScheduledReport report={editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteScheduledReport report={deleting} onClose={() => setDeleting(null)} />}
    </section>
  );
}

function EditScheduledReport({ report, onClose }: { report: ScheduledPdfReport; onClose: () => void }) {
  const [frequency, setFrequency] = useState(report.frequency);
  const [emailCsv, setEmailCsv] = useState(report.recipients.join(', '));
  const [sendReportToSelf, setSendReportToSelf] = useState(report.sendReportToSelf);
  const [customTitle, setCustomTitle] = useState(report.customTitle);
  const update = useUpdateScheduledReport();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { alertId: report.alertId, frequency, emailCsv, sendReportToSelf, customTitle },
      {
        onSuccess: () => {
          notify(pdfExportMessages.updated, { type: 'success' });
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      open
      title="Edit scheduled report"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="edit-scheduled-report" className="button button--primary" disabled={update.isPending}>
            Save
          </button>
        </>
      }
    >
      <form id="edit-scheduled-report" className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="scheduled-title">Custom title</label>
          <input id="scheduled-title" value={customTitle} placeholder={`${report.template} Report for ${report.domain}`} onChange={(event) => setCustomTitle(event.target.value)} />
        </div>
        <ReportDeliveryFields
          frequency={frequency}
          onFrequency={setFrequency}
          sendReportToSelf={sendReportToSelf}
          onSendReportToSelf={setSendReportToSelf}
          emailCsv={emailCsv}
          onEmailCsv={setEmailCsv}
        />
        <FormMessages formError={null} serverErrors={errorsOf(update.error)} />
      </form>
    </Modal>
  );
}

function DeleteScheduledReport({ report, onClose }: { report: ScheduledPdfReport; onClose: () => void }) {
  const remove = useDeleteScheduledReport();
  return (
    <Modal
      open
      title="Delete scheduled report"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="button button--danger"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(report.alertId, {
                onSuccess: () => {
                  notify(pdfExportMessages.deleted, { type: 'success' });
                  onClose();
                },
              })
            }
          >
            Delete
          </button>
        </>
      }
    >
      <p>
        Stop sending &ldquo;{report.customTitle || `${report.template} Report for ${report.domain}`}&rdquo; and delete it? This cannot be undone.
      </p>
      <FormMessages formError={null} serverErrors={errorsOf(remove.error)} />
    </Modal>
  );
}
