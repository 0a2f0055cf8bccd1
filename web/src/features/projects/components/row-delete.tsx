import { useState } from 'react';
import { Icon } from '@/components/ui/icons/icon';

/**
 * The delete row action (docs/product/projects.md §4): a trash icon, then a Delete / Keep confirmation in the row. `onDelete` may be
 * async; the buttons stay disabled while it runs.
 */
export function RowDelete({ name, onDelete }: { name: string; onDelete: () => Promise<void> | void }) {
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  if (!confirming)
    return (
      <button type="button" className="button button--small button--ghost" aria-label={`Delete ${name}`} onClick={() => setConfirming(true)}>
        <Icon name="trash" />
      </button>
    );
  const remove = async () => {
    setDeleting(true);
    try {
      await onDelete();
    } finally {
      setDeleting(false);
      setConfirming(false);
    }
  };
  return (
    <span className="msf-row-delete">
      <button type="button" className="button button--small button--danger" disabled={deleting} onClick={() => void remove()}>
        Delete
      </button>
      <button type="button" className="button button--small" disabled={deleting} onClick={() => setConfirming(false)}>
        Keep
      </button>
    </span>
  );
}
