import { textareaMaxLength, textareaMaxMessage } from '@serpwise/contracts';
import { useId } from 'react';

export interface TextareaWithCounterProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | null;
  maxLength?: number;
  hint?: string;
  placeholder?: string;
}

/**
 * The textarea with counter (03 §5 Textarea, §9): limited to maxLength (default 1770), shows 'N/max', and says
 * 'The max number of characters is N' once the limit is reached (a longer paste is cut at the limit).
 */
export function TextareaWithCounter({ label, value, onChange, onBlur, error, maxLength = textareaMaxLength, hint, placeholder }: TextareaWithCounterProps) {
  const id = useId();
  const atLimit = value.length >= maxLength;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint ? <p className="field__hint">{hint}</p> : null}
      <textarea
        id={id}
        value={value}
        maxLength={maxLength}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-counter`}
        onChange={(event) => onChange(event.target.value.slice(0, maxLength))}
        onBlur={onBlur}
      />
      <p className={`field__counter${atLimit ? ' field__counter--over' : ''}`} id={`${id}-counter`} aria-live="polite">
        {value.length}/{maxLength}
        {atLimit ? ` · ${textareaMaxMessage(maxLength)}` : ''}
      </p>
      {error ? <p className="field__error">{error}</p> : null}
    </div>
  );
}
