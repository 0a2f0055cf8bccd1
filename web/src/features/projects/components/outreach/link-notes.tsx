import { useState, type FormEvent } from 'react';
import { TextareaWithCounter } from '@/components/form/textarea-with-counter';
import { formatDate } from '@/lib/format';
import { addLinkNote, deleteLinkNote, getLinkNotes, useOutreachRecord } from '@/features/projects/api/outreach';
import { RowDelete } from '../row-delete';
import { useOutreachChange } from './use-outreach-change';
import { LinkRecords } from './link-records';

/** A new note: the textarea holds at most 1770 characters and counts them (docs/product/projects.md §5); a blank note is not sent. */
export function NoteForm({ onAdd }: { onAdd: (note: string) => Promise<boolean> }) {
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) return;
    setSaving(true);
    if (await onAdd(note)) setNote('');
    setSaving(false);
  };
  return (
    <form className="msf-form" aria-label="Add a note" onSubmit={(event) => void submit(event)}>
      <TextareaWithCounter label="New note" value={note} onChange={setNote} />
      <button type="submit" className="button button--small button--primary" disabled={saving || !note.trim()}>
        Add note
      </button>
    </form>
  );
}

/** LinkNotes: the link's notes, newest first, each deletable (Delete / Keep). */
export function LinkNotes({ urlId }: { urlId: string }) {
  const run = useOutreachChange();
  const notes = useOutreachRecord('notes', urlId, () => getLinkNotes(urlId));
  return (
    <section aria-label="Notes">
      <NoteForm onAdd={async (note) => (await run(() => addLinkNote(urlId, note))) !== false} />
      <LinkRecords query={notes} loading="Loading notes" empty="No notes yet.">
        {(records) => (
          <ul className="msf-records" aria-label="Notes of the link">
            {records.map((note) => (
              <li key={note.noteRowId}>
                <p className="msf-records__text">{note.note}</p>
                <span className="msf-records__meta">
                  {formatDate(note.createdAt)}
                  {note.authorEmail ? ` · ${note.authorEmail}` : ''}
                </span>
                <RowDelete name="note" onDelete={() => run(() => deleteLinkNote(note.noteRowId)).then(() => undefined)} />
              </li>
            ))}
          </ul>
        )}
      </LinkRecords>
    </section>
  );
}
