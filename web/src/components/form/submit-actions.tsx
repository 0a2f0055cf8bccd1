import { Link } from 'react-router';

export interface SubmitActionsProps {
  label: string;
  /** While the request runs the button is disabled and says pendingLabel. */
  pending?: boolean;
  pendingLabel?: string;
  /** A wizard's previous step: a Back link before the button. */
  back?: string;
  /** Outside a form: the button runs this instead of submitting. */
  onClick?: () => void;
}

/** A form's submit row: the primary button, disabled and saying what it does while the request runs. */
export function SubmitActions({ label, pending = false, pendingLabel = 'Saving…', back, onClick }: SubmitActionsProps) {
  return (
    <div className="form__actions">
      {back !== undefined && (
        <Link className="button" to={back}>
          Back
        </Link>
      )}
      <button type={onClick ? 'button' : 'submit'} className="button button--primary" onClick={onClick} disabled={pending}>
        {pending ? pendingLabel : label}
      </button>
    </div>
  );
}
