import { Modal } from '@/components/ui/modal';
import { errorsOf } from '@/lib/api-client';
import { useJobStory } from '../api/admin-jobs';
import { durationText } from './console-format';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '–');

/** A job's full story (issue 23 point 2): record, queue entry, each attempt and error, what its owner sees, admin actions. */
export function JobStory({ id, close }: { id: string; close: () => void }) {
  const story = useJobStory(id);
  const data = story.data;
  return (
    <Modal open title={`Job ${id.slice(0, 8)}`} onClose={close} size="large">
      <div className="admin-history" data-testid="job-story">
        {story.isPending && <p>Loading…</p>}
        {story.isError && <p role="alert">{errorsOf(story.error).join(' ')}</p>}
        {data && (
          <>
            <dl>
              <dt>Job</dt>
              <dd>
                {data.name} on {data.queue} · <code>{data.id}</code>
              </dd>
              <dt>Asked by</dt>
              <dd>{data.record.requestedBy.email ?? `visitor session ${data.record.requestedBy.sessionId.slice(0, 8)}`}</dd>
              <dt>State</dt>
              <dd data-testid="story-state">{data.record.state}</dd>
              <dt>Asked · started · finished</dt>
              <dd>
                {when(data.record.createdAt)} · {when(data.record.startedAt)} · {when(data.record.finishedAt)}
              </dd>
              <dt>Duration</dt>
              <dd>{durationText(data.record.durationMs)}</dd>
              <dt>Attempts</dt>
              <dd>{data.record.attempts}</dd>
              {data.record.error && (
                <>
                  <dt>Error</dt>
                  <dd data-testid="story-error">{data.record.error}</dd>
                </>
              )}
              <dt>In the queue</dt>
              <dd>
                {data.queueEntry
                  ? `${data.queueEntry.state} · waited ${durationText(data.queueEntry.waitMs)} · ran ${durationText(data.queueEntry.runMs)}`
                  : 'no longer kept by the queue'}
              </dd>
            </dl>
            <h3>Attempts</h3>
            {data.attempts.length === 0 ? (
              <p className="admin-empty">No attempt noted.</p>
            ) : (
              <ol>
                {data.attempts.map((attempt) => (
                  <li key={`${attempt.number}-${attempt.startedAt}`}>
                    Attempt {attempt.number} on <code>{attempt.worker}</code> at {when(attempt.startedAt)}
                  </li>
                ))}
              </ol>
            )}
            <h3>Errors</h3>
            {data.errors.length === 0 ? (
              <p className="admin-empty">No attempt failed.</p>
            ) : (
              data.errors.map((stack, index) => (
                <pre key={index} className="admin-stack" data-testid="story-stack">
                  {stack}
                </pre>
              ))
            )}
            <h3>What its owner sees</h3>
            <p data-testid="story-user-facing">
              {data.userFacing.state}
              {data.userFacing.message ? ` · ${data.userFacing.message}` : ''}
              {data.userFacing.error ? ` · ${data.userFacing.error}` : ''} · {data.userFacing.percent}%
            </p>
            <h3>Admin actions</h3>
            <ul>
              {data.audit.length === 0 && <li>None.</li>}
              {data.audit.map((entry) => (
                <li key={entry.id}>
                  {when(entry.createdAt)}: {entry.action}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </Modal>
  );
}
