/** A form's submit row: the primary button, disabled and saying what it does while the request runs. */
export function SubmitActions({ label, pending, pendingLabel = 'Saving…' }: { label: string; pending: boolean; pendingLabel?: string }) {
  return (
    <div className="form__actions">
      <button type="submit" className="button button--primary" disabled={pending}>
        {pending ? pendingLabel : label}
      </button>
    </div>
  );
}
