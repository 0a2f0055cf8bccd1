import type { LinkTask } from '@serpwise/contracts';
import { useState, type FormEvent } from 'react';
import { TextareaWithCounter } from '@/components/form/textarea-with-counter';
import { formatDate } from '@/lib/format';
import { addLinkTask, deleteLinkTask, getLinkTasks, updateLinkTask, useOutreachRecord } from '@/features/projects/api/outreach';
import { RowDelete } from '../row-delete';
import { useOutreachChange } from './use-outreach-change';
import { LinkRecords } from './link-records';

interface TaskFields {
  title: string;
  details: string;
  dueDate: string;
}

/** The task form, for a new task and for editing one. */
function TaskForm({ label, initial, submitText, onSubmit, onCancel }: { label: string; initial: TaskFields; submitText: string; onSubmit: (task: TaskFields) => Promise<boolean>; onCancel?: () => void }) {
  const [task, setTask] = useState(initial);
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!task.title.trim()) return;
    setSaving(true);
    const saved = await onSubmit(task);
    setSaving(false);
    if (saved && !onCancel) setTask(initial);
  };
  return (
    <form className="msf-form" aria-label={label} onSubmit={(event) => void submit(event)}>
      <label className="field">
        <span>Task title</span>
        <input value={task.title} maxLength={200} required onChange={(event) => setTask({ ...task, title: event.target.value })} />
      </label>
      <label className="field">
        <span>Due date</span>
        <input type="date" value={task.dueDate} onChange={(event) => setTask({ ...task, dueDate: event.target.value })} />
      </label>
      <TextareaWithCounter label="Task details" value={task.details} onChange={(details) => setTask({ ...task, details })} />
      <button type="submit" className="button button--small button--primary" disabled={saving || !task.title.trim()}>
        {submitText}
      </button>
      {onCancel && (
        <button type="button" className="button button--small" onClick={onCancel}>
          Cancel
        </button>
      )}
    </form>
  );
}

function TaskRow({ task }: { task: LinkTask }) {
  const run = useOutreachChange();
  const [editing, setEditing] = useState(false);
  // The box shows the user's tick while it is saved; then the refreshed task (or, on failure, the saved state).
  const [pendingDone, setPendingDone] = useState<boolean | null>(null);
  const isComplete = pendingDone ?? task.isComplete;
  if (editing)
    return (
      <li>
        <TaskForm
          label={`Edit task ${task.title}`}
          initial={{ title: task.title, details: task.details ?? '', dueDate: task.dueDate ?? '' }}
          submitText="Save task"
          onCancel={() => setEditing(false)}
          onSubmit={async (fields) => {
            const saved = (await run(() => updateLinkTask(task.taskRowId, { title: fields.title, details: fields.details, dueDate: fields.dueDate }))) !== false;
            if (saved) setEditing(false);
            return saved;
          }}
        />
      </li>
    );
  return (
    <li className={isComplete ? 'msf-records__done' : undefined}>
      <label className="msf-records__check">
        <input
          type="checkbox"
          aria-label={`Done: ${task.title}`}
          checked={isComplete}
          onChange={(event) => {
            const next = event.target.checked;
            setPendingDone(next);
            void run(() => updateLinkTask(task.taskRowId, { isComplete: next })).then(() => setPendingDone(null));
          }}
        />
        <span className="msf-records__title">{task.title}</span>
      </label>
      <span className="msf-records__meta">
        {task.dueDate ? `Due ${formatDate(task.dueDate)}` : 'No due date'}
        {task.isComplete && task.completedAt ? ` · done ${formatDate(task.completedAt)}` : ''}
      </span>
      {task.details && <p className="msf-records__text">{task.details}</p>}
      <button type="button" className="button button--small button--ghost" aria-label={`Edit ${task.title}`} onClick={() => setEditing(true)}>
        Edit
      </button>
      <RowDelete name={task.title} onDelete={() => run(() => deleteLinkTask(task.taskRowId)).then(() => undefined)} />
    </li>
  );
}

/** LinkTasks: add a task, mark it done, edit it (UpdateLinkTask) or delete it. */
export function LinkTasks({ urlId }: { urlId: string }) {
  const run = useOutreachChange();
  const tasks = useOutreachRecord('tasks', urlId, () => getLinkTasks(urlId));
  return (
    <section aria-label="Tasks">
      <TaskForm label="Add a task" initial={{ title: '', details: '', dueDate: '' }} submitText="Add task" onSubmit={async (task) => (await run(() => addLinkTask(urlId, task))) !== false} />
      <LinkRecords query={tasks} loading="Loading tasks" empty="No tasks yet.">
        {(records) => (
          <ul className="msf-records" aria-label="Tasks of the link">
            {records.map((task) => (
              <TaskRow key={task.taskRowId} task={task} />
            ))}
          </ul>
        )}
      </LinkRecords>
    </section>
  );
}
