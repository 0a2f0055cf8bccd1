/** The form-level message and the server's refusal messages. */
export function FormMessages({ formError, serverErrors, success }: { formError: string | null; serverErrors?: string[]; success?: string | null }) {
  if (formError) return <p className="form__message form__message--error" role="alert">{formError}</p>;
  if (serverErrors?.length)
    return (
      <div className="form__message form__message--error" role="alert">
        {serverErrors.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </div>
    );
  if (success) return <p className="form__message form__message--ok" role="status">{success}</p>;
  return null;
}

/** A one-line form's refusal under its field (a search-style form with no form-level message area). */
export function FieldAlert({ error }: { error: string | null }) {
  return error ? (
    <p className="field__error" role="alert">
      {error}
    </p>
  ) : null;
}
