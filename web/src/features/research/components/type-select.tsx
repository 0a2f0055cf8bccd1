import { useId } from 'react';
import { SelectOptions } from '@/components/form/select-field';

export interface TypeOption<Value extends string> {
  value: Value;
  label: string;
  /** A count shown with the option (kombat segments). */
  count?: number | null;
}

/**
 * Chooses a table's type or segment: a row of chips when there are few options, a select when there are many
 * (the fourteen organic search types).
 */
export function TypeSelect<Value extends string>({
  label,
  options,
  value,
  onChange,
  variant = options.length > 6 ? 'select' : 'chips',
}: {
  label: string;
  options: readonly TypeOption<Value>[];
  value: Value;
  onChange: (value: Value) => void;
  variant?: 'chips' | 'select';
}) {
  const id = useId();
  if (variant === 'select')
    return (
      <label className="type-select" htmlFor={id}>
        <span>{label}</span>
        <select id={id} value={value} onChange={(event) => onChange(event.target.value as Value)}>
          <SelectOptions options={options} />
        </select>
      </label>
    );
  return (
    <div className="chips" role="radiogroup" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="radio"
          aria-checked={option.value === value}
          className={`chip${option.value === value ? ' chip--active' : ''}`}
          onClick={() => onChange(option.value)}
        >
          {option.label}
          {option.count !== undefined && option.count !== null && <span className="chip__count">{option.count.toLocaleString('en-US')}</span>}
        </button>
      ))}
    </div>
  );
}
