import { useId } from 'react';
import { FieldNote } from './field-note';

export interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  onBlur: () => void;
  type?: 'text' | 'email' | 'password' | 'url';
  inputMode?: 'text' | 'numeric' | 'email';
  autoComplete?: string;
  hint?: string;
  placeholder?: string;
  disabled?: boolean;
}

/** A labelled input that marks itself red with its message once validation fails (docs/product/account-exports-reports.md §4 input states). */
export function TextField({ label, name, value, error, onChange, onBlur, type = 'text', inputMode, autoComplete, hint, placeholder, disabled }: TextFieldProps) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        inputMode={inputMode}
        value={value}
        autoComplete={autoComplete}
        placeholder={placeholder}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      <FieldNote id={id} error={error} hint={hint} />
    </div>
  );
}
