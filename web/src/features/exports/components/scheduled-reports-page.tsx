import { describeSchedule, pdfExportMessages, type ScheduledPdfReport } from '@serpwise/contracts';
import { Fragment, useState, type FormEvent } from 'react';
import { FormMessages } from '@/components/form/form-messages';
import { ConfirmModal, FormModalFooter, Modal } from '@/components/ui/modal';
import { notify } from '@/components/ui/notifications';
import { Spinner } from '@/components/ui/spinner';
import { errorsOf } from '@/lib/api-client';
import { useActiveState } from '@/features/auth';
import { useDeleteScheduledReport, useScheduledReports, useUpdateScheduledReport } from '../api/pdf-export';
import { schedulePreviewPath, useLiveDeliveries, useSendNow } from '../api/schedule-deliveries';
import { DeliveryHistory, scheduleDateTime } from './delivery-history';
import { PlainTableDetailRow, PlainTableHead } from './plain-table-head';
import { RankAlertsSection } from './rank-alerts-section';
import { ReportDeliveryFields } from './report-delivery-fields';
import { InputField } from '@/components/form/input-field';
import { SelectField } from '@/components/form/select-field';
import { brandOptions, useReportBrands } from '../api/report-brands';

/** "Mon, Nov 23, 06:00 UTC": a time as the schedule's own zone tells it. */
const dateTime = (iso: string, report?: ScheduledPdfReport) => scheduleDateTime(iso, report?.timeZone ?? 'UTC');


/** Who a scheduled report goes to, in words. */
const addressesOf = (report: ScheduledPdfReport) => [...(report.sendReportToSelf ? ['you'] : []), ...report.recipients].join(', ');

/** The last delivery in words: sent, being retried, or failed with the reason (docs/product/account-exports-reports.md §7: a failed delivery is shown). */
function DeliveryCell({ report }: { report: ScheduledPdfReport }) {
  const delivery = report.lastDelivery;
  if (!delivery) return <span className="muted">Not sent yet</span>;
  if (delivery.state === 'completed') return <span className="delivery delivery--ok">Sent {dateTime(delivery.at, report)}</span>;
  if (delivery.state === 'failed')
    return (
      <span className="delivery delivery--failed" role="status">
        Failed {dateTime(delivery.at, report)} after {delivery.attempts} attempts: {delivery.error}
      </span>
    );
  return <span className="delivery delivery--pending">{delivery.attempts > 1 ? `Retrying (attempt ${delivery.attempts})…` : 'Sending…'}</span>;
}

/**
 * /account/scheduled-pdf-reports: the user's scheduled PDF reports with when they go out (day, time, time zone), when
 * the next goes out and how the last one went; each can be sent now, previewed (the next report's PDF), followed in
 * its delivery history (live), changed (timing, recipients, texts), paused and resumed, or deleted. Reports are
 * scheduled from the PDF export modal of a domain's tables.
 */
export function ScheduledReportsPage() {
  const { data: state } = useActiveState();
  const isFull = state?.user.isFullUser ?? false;
  const reports = useScheduledReports();
  const [editing, setEditing] = useState<ScheduledPdfReport | null>(null);
  const [deleting, setDeleting] = useState<ScheduledPdfReport | null>(null);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const update = useUpdateScheduledReport();
  const sendNow = useSendNow();
  useLiveDeliveries();
  const showHistory = (id: string, shown: boolean) =>
    setOpen((current) => {
      const next = new Set(current);
      if (shown) next.add(id);
      else next.delete(id);
      return next;
    });
  // Send now opens the history, where the delivery is followed to its end.
  const send = (report: ScheduledPdfReport) => sendNow.mutate(report.alertId, { onSuccess: () => showHistory(report.alertId, true) });

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
      <p className="muted">Each report goes out on its day, at its time in its time zone. Schedule a new one from the Export menu of a domain&apos;s tables → PDF report → Schedule.</p>
      {reports.isPending && <Spinner />}
      <FormMessages formError={null} serverErrors={[...errorsOf(reports.error), ...errorsOf(update.error), ...errorsOf(sendNow.error)]} />
      {reports.data && reports.data.length === 0 && <p data-testid="no-scheduled-reports">You have no scheduled reports yet.</p>}
      {reports.data && reports.data.length > 0 && (
        <div className="scheduled-reports__scroll">
        <table className="data-table scheduled-reports__table">
          <PlainTableHead columns={['Report', 'Schedule', 'Recipients', 'Next', 'Last delivery']} actions />
          <tbody>
            {reports.data.map((report) => (
              <Fragment key={report.alertId}>
              <tr data-testid="scheduled-report" data-active={report.isActive}>
                <td>
                  <strong>{report.customTitle || `${report.template} Report for ${report.domain}`}</strong>
                  <div className="muted">
                    {report.domain} · {report.countryCode} · {report.template}, {report.design}
                  </div>
                </td>
                <td>{describeSchedule(report.frequency, report)}</td>
                <td>{addressesOf(report)}</td>
                <td>{report.isActive ? (report.nextRunAt ? dateTime(report.nextRunAt, report) : 'Being scheduled…') : 'Paused'}</td>
                <td>
                  <DeliveryCell report={report} />
                </td>
                <td>
                  <div className="scheduled-reports__actions">
                  <button type="button" className="button button--small button--primary" disabled={sendNow.isPending && sendNow.variables === report.alertId} onClick={() => send(report)}>
                    Send now
                  </button>
                  <a className="button button--small button--ghost" href={schedulePreviewPath(report.alertId)} target="_blank" rel="noreferrer">
                    Preview
                  </a>
                  <button type="button" className="button button--small button--ghost" aria-expanded={open.has(report.alertId)} onClick={() => showHistory(report.alertId, !open.has(report.alertId))}>
                    History
                  </button>
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
              <PlainTableDetailRow shown={open.has(report.alertId)} span={6} className="scheduled-reports__history-row">
                <DeliveryHistory report={report} />
              </PlainTableDetailRow>
              </Fragment>
            ))}
          </tbody>
        </table>
        </div>
      )}
      {editing && <EditScheduledReport report={editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteScheduledReport report={deleting} onClose={() => setDeleting(null)} />}
      <RankAlertsSection />
    </section>
  );
}

function EditScheduledReport({ report, onClose }: { report: ScheduledPdfReport; onClose: () => void }) {
  const [frequency, setFrequency] = useState(report.frequency);
  const [timing, setTiming] = useState({ dayOfWeek: report.dayOfWeek, dayOfMonth: report.dayOfMonth, time: report.time, timeZone: report.timeZone });
  const [emailCsv, setEmailCsv] = useState(report.recipients.join(', '));
  const [sendReportToSelf, setSendReportToSelf] = useState(report.sendReportToSelf);
  const [customTitle, setCustomTitle] = useState(report.customTitle);
  const [recipientProblem, setRecipientProblem] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { data: state } = useActiveState();
  const brands = useReportBrands(state?.user.isFullReconUser ?? false);
  const [brandId, setBrandId] = useState(report.brandId ?? '');
  const update = useUpdateScheduledReport();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // An address left in the box marked invalid is never dropped silently: the save waits until it is fixed.
    setFormError(recipientProblem);
    if (recipientProblem) return;
    update.mutate(
      { alertId: report.alertId, frequency, ...timing, emailCsv, sendReportToSelf, customTitle, ...(brands.data ? { brandId: brandId || null } : {}) },
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
      footer={<FormModalFooter formId="edit-scheduled-report" submitLabel="Save" disabled={update.isPending} onCancel={onClose} />}
    >
      <form id="edit-scheduled-report" className="form" onSubmit={submit} noValidate>
        <InputField label="Custom title" value={customTitle} placeholder={`${report.template} Report for ${report.domain}`} onChange={setCustomTitle} />
        <ReportDeliveryFields
          frequency={frequency}
          onFrequency={setFrequency}
          timing={timing}
          onTiming={setTiming}
          sendReportToSelf={sendReportToSelf}
          onSendReportToSelf={setSendReportToSelf}
          emailCsv={emailCsv}
          onEmailCsv={setEmailCsv}
          onRecipientProblem={setRecipientProblem}
        />
        {brands.data && brands.data.brands.length > 0 && (
          <SelectField
            label="Brand"
            value={brandId}
            empty="The default brand"
            options={brandOptions(brands.data.brands)}
            onChange={setBrandId}
          />
        )}
        <FormMessages formError={formError} serverErrors={errorsOf(update.error)} />
      </form>
    </Modal>
  );
}

function DeleteScheduledReport({ report, onClose }: { report: ScheduledPdfReport; onClose: () => void }) {
  const remove = useDeleteScheduledReport();
  const confirm = () =>
    remove.mutate(report.alertId, {
      onSuccess: () => {
        notify(pdfExportMessages.deleted, { type: 'success' });
        onClose();
      },
    });
  return (
    <ConfirmModal open title="Delete scheduled report" confirmLabel="Delete" busy={remove.isPending} onConfirm={confirm} onClose={onClose}>
      <p>
        Stop sending &ldquo;{report.customTitle || `${report.template} Report for ${report.domain}`}&rdquo; and delete it? This cannot be undone.
      </p>
      <FormMessages formError={null} serverErrors={errorsOf(remove.error)} />
    </ConfirmModal>
  );
}
