import type { ReactNode } from 'react';
import { errorsOf } from '@/lib/api-client';

/** A filter that chooses one of a list ('' = every one); named by aria-label, as its options would else be its name. */
export function ChoiceFilter({ label, value, every, options, onChange }: { label: string; value: string; every: string; options: readonly (string | { value: string; text: string })[]; onChange: (value: string) => void }) {
  return (
    <label>
      {label}
      <select aria-label={label} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{every}</option>
        {options.map((option) =>
          typeof option === 'string' ? (
            <option key={option}>{option}</option>
          ) : (
            <option key={option.value} value={option.value}>
              {option.text}
            </option>
          ),
        )}
      </select>
    </label>
  );
}

/** A typed filter: text, e-mail or a local date and time. */
export function InputFilter({ label, value, type = 'text', onChange }: { label: string; value: string; type?: 'text' | 'email' | 'date' | 'datetime-local'; onChange: (value: string) => void }) {
  return (
    <label>
      {label}
      <input type={type} value={value} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}

/** The server's reason a read or an action was refused, shown above the results. */
export function ErrorNotice({ error }: { error: unknown }): ReactNode {
  if (!error) return null;
  return (
    <p role="alert" className="notice notice--error">
      {errorsOf(error).join(' ')}
    </p>
  );
}
