import { useId } from 'react';

export interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  onBlur: () => void;
  type?: 'text' | 'email' | 'password' | 'url';
  autoComplete?: string;
  hint?: string;
  placeholder?: string;
  disabled?: boolean;
}

/** A labelled input that marks itself red with its message once validation fails (03 §4 input states). */
export function TextField({ label, name, value, error, onChange, onBlur, type = 'text', autoComplete, hint, placeholder, disabled }: TextFieldProps) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        autoComplete={autoComplete}
        placeholder={placeholder}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

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

/** The messages of a failed call: the documented data.errors, else the message. */
export function errorsOf(error: unknown): string[] {
  if (!error) return [];
  const withErrors = error as { errors?: string[]; message?: string };
  return withErrors.errors?.length ? withErrors.errors : [withErrors.message ?? 'Something went wrong. Please try again.'];
}
