import { useId } from 'react';

/** One choice of a SelectField: the value it sends and what the user reads. */
export interface SelectOption<T extends string = string> {
  value: T;
  label: string;
}

/** The options of a list of values, each read as labelOf says (the value itself by default). */
export const optionsOf = <T extends string>(values: readonly T[], labelOf: (value: T) => string = (value) => value): SelectOption<T>[] =>
  values.map((value) => ({ value, label: labelOf(value) }));

/** The <option>s of a drop-down, one per choice, as every select draws them. */
export function SelectOptions<T extends string>({ options }: { options: readonly SelectOption<T>[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

export interface SelectFieldProps<T extends string> {
  label: string;
  /** '' while nothing is chosen (with `empty`). */
  value: T | '';
  options: readonly SelectOption<T>[];
  onChange: (value: T | '') => void;
  onBlur?: () => void;
  error?: string | null;
  /** The first option, with no value ('Choose…'): absent when a value is always chosen. */
  empty?: string;
  /** A modifier of the field's layout (msf-field--inline). */
  className?: string;
}

/** A labelled drop-down (label, select, the error under it) as every form draws it. */
export function SelectField<T extends string>({ label, value, options, onChange, onBlur, error, empty, className }: SelectFieldProps<T>) {
  const id = useId();
  return (
    <div className={['field', className, error && 'field--invalid'].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as T | '')} onBlur={onBlur} aria-invalid={error ? true : undefined}>
        {empty !== undefined && <option value="">{empty}</option>}
        <SelectOptions options={options} />
      </select>
      {error ? <p className="field__error">{error}</p> : null}
    </div>
  );
}
