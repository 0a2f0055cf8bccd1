import { useId, useState } from 'react';
import { checkDateRange, type DateFieldCheck, type DateRangeCheck } from './date-format';
import { Icon } from './icons/icon';

export interface DateRangeProps {
  legend: string;
  /** Initial days as MM/DD/YYYY. */
  defaultStart?: string;
  defaultEnd?: string;
  /** The valid range (with its displayed text) after each change, or null while it is not valid. */
  onChange?: (range: DateRangeCheck['range']) => void;
}

/**
 * The date range: two MM/DD/YYYY boxes checked as the range rules say (messages once a box has been left), and the
 * chosen range shown like 'Jan 5th, 2026 – Feb 1st, 2026'.
 */
export function DateRange({ legend, defaultStart = '', defaultEnd = '', onChange }: DateRangeProps) {
  const id = useId();
  const [texts, setTexts] = useState({ start: defaultStart, end: defaultEnd });
  const [touched, setTouched] = useState({ start: false, end: false });
  const check = checkDateRange(texts.start, texts.end);

  function change(field: 'start' | 'end', value: string) {
    const next = { ...texts, [field]: value };
    setTexts(next);
    onChange?.(checkDateRange(next.start, next.end).range);
  }

  const box = (field: 'start' | 'end', label: string, result: DateFieldCheck) => {
    const shown = touched[field] ? result : { invalid: false, message: null };
    return (
      <div className={`field${shown.invalid ? ' field--invalid' : ''}`}>
        <label htmlFor={`${id}-${field}`}>{label}</label>
        <input
          id={`${id}-${field}`}
          value={texts[field]}
          placeholder="MM/DD/YYYY"
          inputMode="numeric"
          autoComplete="off"
          aria-invalid={shown.invalid || undefined}
          aria-describedby={shown.message ? `${id}-${field}-error` : undefined}
          onChange={(event) => change(field, event.target.value)}
          onBlur={() => setTouched((current) => ({ ...current, [field]: true }))}
        />
        {shown.message && (
          <p className="field__error" id={`${id}-${field}-error`}>
            {shown.message}
          </p>
        )}
      </div>
    );
  };

  return (
    <fieldset className="ui-date-range">
      <legend>{legend}</legend>
      <div className="ui-date-range__boxes">
        {box('start', 'Start date', check.start)}
        {box('end', 'End date', check.end)}
      </div>
      <p className="ui-date-range__text" role="status">
        {check.range && (
          <>
            <Icon name="calendar" /> <span>{check.range.text}</span>
          </>
        )}
      </p>
    </fieldset>
  );
}
