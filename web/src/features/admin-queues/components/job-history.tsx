import { Modal } from '@/components/ui/modal';
import { errorsOf } from '@/lib/api-client';
import { useJobHistory } from '../api/admin-queues';
import { durationText } from './console-format';

/** A job's history from its record: who asked and when, state, attempts, duration, error, and the admin actions on it. */
export function JobHistory({ id, close }: { id: string; close: () => void }) {
  const history = useJobHistory(id);
  return (
    <Modal open title={`Job ${id.slice(0, 8)}`} onClose={close}>
      <div className="admin-history" data-testid="admin-job-history">
        {history.isPending && <p>Loading…</p>}
        {history.isError && <p role="alert">{errorsOf(history.error).join(' ')}</p>}
        {history.data && (
          <>
            <dl>
              <dt>Queue</dt>
              <dd>{history.data.queue}</dd>
              <dt>Asked by</dt>
              <dd>{history.data.requestedBy.email ?? `visitor session ${history.data.requestedBy.sessionId.slice(0, 8)}`}</dd>
              <dt>Asked at</dt>
              <dd>{new Date(history.data.createdAt).toLocaleString()}</dd>
              <dt>State</dt>
              <dd>{history.data.state}</dd>
              <dt>Attempts</dt>
              <dd>{history.data.attempts}</dd>
              <dt>Duration</dt>
              <dd>{durationText(history.data.durationMs)}</dd>
              {history.data.error && (
                <>
                  <dt>Error</dt>
                  <dd>{history.data.error}</dd>
                </>
              )}
            </dl>
            <h3>Admin actions</h3>
            <ul>
              {history.data.audit.length === 0 && <li>None.</li>}
              {history.data.audit.map((entry) => (
                <li key={entry.id}>
                  {new Date(entry.createdAt).toLocaleString()}: {entry.action}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </Modal>
  );
}
