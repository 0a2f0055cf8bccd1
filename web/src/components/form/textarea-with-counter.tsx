import { textareaMaxLength, textareaMaxMessage } from '@serpwise/contracts';
import { useId } from 'react';

export interface TextareaWithCounterProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | null;
  maxLength?: number;
  /** Off: no limit and no counter (a plain labelled textarea). */
  limit?: boolean;
  hint?: string;
  placeholder?: string;
}

/**
 * The textarea with counter (docs/product/account-exports-reports.md §5 Textarea, §9): when limiting (the default) it holds at most maxLength characters
 * (default 1770), shows 'N/max', and says 'The max number of characters is N' once the limit is reached (a longer
 * paste is cut at the limit).
 */
export function TextareaWithCounter({ label, value, onChange, onBlur, error, maxLength = textareaMaxLength, limit = true, hint, placeholder }: TextareaWithCounterProps) {
  const id = useId();
  const atLimit = limit && value.length >= maxLength;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint ? <p className="field__hint">{hint}</p> : null}
      <textarea
        id={id}
        value={value}
        maxLength={limit ? maxLength : undefined}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={limit ? `${id}-counter` : undefined}
        onChange={(event) => onChange(limit ? event.target.value.slice(0, maxLength) : event.target.value)}
        onBlur={onBlur}
      />
      {limit && (
        <p className={`field__counter${atLimit ? ' field__counter--over' : ''}`} id={`${id}-counter`} aria-live="polite">
          {value.length}/{maxLength}
          {atLimit ? ` · ${textareaMaxMessage(maxLength)}` : ''}
        </p>
      )}
      {error ? <p className="field__error">{error}</p> : null}
    </div>
  );
}
