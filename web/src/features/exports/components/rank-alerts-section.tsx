import { emailCsvSchema, rankAlertRuleText, type ProjectAlert, type RankAlertRule } from '@serpwise/contracts';
import { Fragment, useState, type FormEvent } from 'react';
import { FormMessages } from '@/components/form/form-messages';
import { InputField } from '@/components/form/input-field';
import { SelectField } from '@/components/form/select-field';
import { FormModalFooter, Modal } from '@/components/ui/modal';
import { notify } from '@/components/ui/notifications';
import { Spinner } from '@/components/ui/spinner';
import { errorsOf } from '@/lib/api-client';
import { useProjects } from '@/features/projects';
import { useDeleteProjectAlert, useProjectAlerts, useRankAlertHistory, useSaveProjectAlert } from '../api/project-alerts';
import { PlainTableDetailRow, PlainTableHead } from './plain-table-head';

/** The fixed rules, each a checkbox; "moves by" has its own number. */
const fixedRules: { label: string; rule: RankAlertRule }[] = [
  { label: 'Enters the top 3', rule: { kind: 'enters', top: 3 } },
  { label: 'Leaves the top 3', rule: { kind: 'leaves', top: 3 } },
  { label: 'Enters the top 10 (page one)', rule: { kind: 'enters', top: 10 } },
  { label: 'Leaves the top 10 (page one)', rule: { kind: 'leaves', top: 10 } },
  { label: 'A new competitor in the top 10', rule: { kind: 'newCompetitor' } },
];
const sameRule = (a: RankAlertRule, b: RankAlertRule) => JSON.stringify(a) === JSON.stringify(b);

const stateWords = { pending: 'Sending…', sent: 'Sent', failed: 'Failed', none: '—' } as const;

function AlertHistory({ alert }: { alert: ProjectAlert }) {
  const history = useRankAlertHistory(alert.alertId);
  if (history.isPending) return <Spinner />;
  if (history.error) return <p role="alert">{errorsOf(history.error).join(' ')}</p>;
  if (!history.data?.length) return <p className="muted">No change reported yet. Changes are compared after each rank refresh.</p>;
  return (
    <table className="data-table" data-testid="rank-alert-history">
      <PlainTableHead columns={['Time', 'Change', 'E-mail', 'Webhook', 'Error']} />
      <tbody>
        {history.data.map((event) => (
          <tr key={event.eventId} data-testid="rank-alert-event">
            <td>{new Date(event.createdAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}</td>
            <td>{event.message}</td>
            <td>{stateWords[event.email]}</td>
            <td>{stateWords[event.webhook]}</td>
            <td>{event.error ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AlertEditor({ alert, onClose }: { alert: ProjectAlert | null; onClose: () => void }) {
  const projects = useProjects(true);
  const save = useSaveProjectAlert();
  const [projectId, setProjectId] = useState(alert?.projectId ?? '');
  const [name, setName] = useState(alert?.name ?? '');
  const [rules, setRules] = useState<RankAlertRule[]>(alert?.rules ?? [{ kind: 'leaves', top: 10 }]);
  const moves = rules.find((rule) => rule.kind === 'moves');
  const [moveBy, setMoveBy] = useState(String(moves?.kind === 'moves' ? moves.by : 3));
  const [recipients, setRecipients] = useState(alert?.alertRecipients.map((recipient) => recipient.emailAddress).join(', ') ?? '');
  const [webhookUrl, setWebhookUrl] = useState(alert?.webhookUrl ?? '');
  const [formError, setFormError] = useState<string | null>(null);

  const toggle = (rule: RankAlertRule, on: boolean) => setRules((current) => (on ? [...current.filter((other) => !sameRule(other, rule)), rule] : current.filter((other) => !sameRule(other, rule))));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const addresses = emailCsvSchema.safeParse(recipients);
    if (!projectId) return setFormError('Choose the project the alert watches.');
    if (!addresses.success) return setFormError(addresses.error.issues[0]?.message ?? 'Check the addresses.');
    const chosen = rules.map((rule) => (rule.kind === 'moves' ? { kind: 'moves' as const, by: Number(moveBy) } : rule));
    setFormError(null);
    save.mutate(
      {
        ...(alert ? { alertId: alert.alertId } : {}),
        projectId,
        name: name.trim() || (projects.data?.find((project) => project.id === projectId)?.projectName ?? 'Rank alert'),
        alertRecipients: addresses.data.map((emailAddress) => ({ emailAddress, isActive: true })),
        rules: chosen,
        webhookUrl: webhookUrl.trim() || null,
      },
      {
        onSuccess: () => {
          notify('The rank alert has been saved.', { type: 'success' });
          onClose();
        },
      },
    );
  };
  const projectOptions = (projects.data ?? []).map((project) => ({ value: project.id, label: `${project.projectName} (${project.primaryDomainName})` }));
  return (
    <Modal
      open
      title={alert ? 'Edit rank alert' : 'New rank alert'}
      onClose={onClose}
      footer={<FormModalFooter formId="rank-alert-form" submitLabel="Save alert" disabled={save.isPending} onCancel={onClose} />}
    >
      <form id="rank-alert-form" className="form" onSubmit={submit} noValidate>
        <SelectField label="Project" value={projectId} options={projectOptions} empty="Choose a project…" onChange={setProjectId} />
        <InputField label="Alert name" value={name} maxLength={120} placeholder="The project's name" onChange={setName} />
        <fieldset className="rank-alert-rules">
          <legend>Tell me when a tracked keyword…</legend>
          {fixedRules.map(({ label, rule }) => (
            <label key={label} className="checkbox">
              <input type="checkbox" checked={rules.some((other) => sameRule(other, rule))} onChange={(event) => toggle(rule, event.target.checked)} /> {label}
            </label>
          ))}
          <label className="checkbox">
            <input type="checkbox" checked={Boolean(moves)} onChange={(event) => toggle({ kind: 'moves', by: Number(moveBy) }, event.target.checked)} /> Moves by at least{' '}
            <input type="number" min={1} max={100} aria-label="Places" value={moveBy} onChange={(event) => setMoveBy(event.target.value)} className="rank-alert-rules__places" /> places
          </label>
        </fieldset>
        <InputField label="Send to" value={recipients} placeholder="you@agency.com, team@agency.com" onChange={setRecipients} />
        <InputField label="Webhook (Slack-compatible)" value={webhookUrl} placeholder="https://hooks.slack.com/services/…" onChange={setWebhookUrl} />
        <FormMessages formError={formError} serverErrors={errorsOf(save.error)} />
      </form>
    </Modal>
  );
}

/**
 * The account's rank alerts (issue 22 point 6), on the page /account/alerts lands on: each alert with its project,
 * what it watches, where it goes and its history; new, edit and delete as the user's project access allows (the
 * server refuses the rest, and the message shows).
 */
export function RankAlertsSection() {
  const alerts = useProjectAlerts();
  const remove = useDeleteProjectAlert();
  const projects = useProjects(true);
  const [editing, setEditing] = useState<ProjectAlert | 'new' | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const projectName = (id: string) => projects.data?.find((project) => project.id === id)?.projectName ?? '';
  return (
    <section className="rank-alerts" aria-labelledby="rank-alerts-title">
      <h2 id="rank-alerts-title">Rank alerts</h2>
      <p className="muted">After each rank refresh, an alert compares its project&apos;s tracked keywords with the refresh before and sends each change once, by e-mail and to its webhook.</p>
      <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
        New rank alert
      </button>
      {alerts.isPending && <Spinner />}
      <FormMessages formError={null} serverErrors={[...errorsOf(alerts.error), ...errorsOf(remove.error)]} />
      {alerts.data && alerts.data.length > 0 && (
        <table className="data-table rank-alerts__table">
          <PlainTableHead columns={['Alert', 'Watches', 'Sends to']} actions />
          <tbody>
            {alerts.data.map((alert) => (
              <Fragment key={alert.alertId}>
                <tr data-testid="rank-alert">
                  <td>
                    <strong>{alert.name}</strong>
                    <div className="muted">{projectName(alert.projectId)}</div>
                  </td>
                  <td>{alert.rules.length ? alert.rules.map(rankAlertRuleText).join('; ') : <span className="muted">Nothing (saved with a report)</span>}</td>
                  <td>
                    {alert.alertRecipients.filter((recipient) => recipient.isActive).map((recipient) => recipient.emailAddress).join(', ')}
                    {alert.webhookUrl && <div className="muted">and a webhook</div>}
                  </td>
                  <td>
                    <div className="scheduled-reports__actions">
                      <button type="button" className="button button--small button--ghost" aria-expanded={open === alert.alertId} onClick={() => setOpen(open === alert.alertId ? null : alert.alertId)}>
                        History
                      </button>
                      <button type="button" className="button button--small" onClick={() => setEditing(alert)}>
                        Edit
                      </button>
                      <button
                        type="button"
                        className="button button--small button--danger"
                        disabled={remove.isPending}
                        onClick={() => remove.mutate(alert.alertId, { onSuccess: () => notify('The rank alert has been deleted.', { type: 'success' }) })}
                      >
                        Delete
                      </button>
                    </div>
                  </td>
                </tr>
                <PlainTableDetailRow shown={open === alert.alertId} span={4}>
                  <AlertHistory alert={alert} />
                </PlainTableDetailRow>
              </Fragment>
            ))}
          </tbody>
        </table>
      )}
      {editing && <AlertEditor alert={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
