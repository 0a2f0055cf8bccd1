import { useId, useState } from 'react';
import {
  matchTypeChangeError,
  matchTypeLabels,
  matchTypes,
  maxPickedColumns,
  pickColumn,
  type MatchType,
} from './column-picker-rules';
import { Popover } from './popover';

export interface PickerColumn {
  key: string;
  label: string;
  /** The column has broad / phrase / exact forms. */
  matchTypes?: boolean;
}

interface ColumnPickerProps {
  columns: PickerColumn[];
  visible: string[];
  onVisibleChange: (visible: string[]) => void;
  matchTypeOf?: (key: string) => MatchType;
  onMatchTypeChange?: (key: string, matchType: MatchType) => void;
}

/** Chooses which of a table's optional columns show (at most 5, at least 1) and their match types. */
export function ColumnPicker({ columns, visible, onVisibleChange, matchTypeOf, onMatchTypeChange }: ColumnPickerProps) {
  const [message, setMessage] = useState<string | null>(null);
  const headingId = useId();
  const order = columns.map((column) => column.key);

  const toggle = (key: string, show: boolean) => {
    const result = pickColumn(visible, key, show, order);
    setMessage(result.error);
    if (!result.error) onVisibleChange(result.visible);
  };

  const changeMatchType = (column: PickerColumn, matchType: MatchType) => {
    const error = matchTypeChangeError(visible, column);
    setMessage(error);
    if (!error) onMatchTypeChange?.(column.key, matchType);
  };

  return (
    <Popover label={`Columns (${visible.length}/${maxPickedColumns})`} className="column-picker">
      <fieldset className="column-picker__list" aria-labelledby={headingId}>
        <legend id={headingId}>Show up to {maxPickedColumns} columns</legend>
        {columns.map((column) => {
          const checked = visible.includes(column.key);
          return (
            <div key={column.key} className="column-picker__item">
              <label className="checkbox">
                <input type="checkbox" checked={checked} onChange={(event) => toggle(column.key, event.target.checked)} />
                {column.label}
              </label>
              {column.matchTypes && (
                <select
                  aria-label={`${column.label} match type`}
                  className={checked ? '' : 'column-picker__match--inactive'}
                  value={matchTypeOf?.(column.key) ?? 'broad'}
                  onChange={(event) => changeMatchType(column, event.target.value as MatchType)}
                >
                  {matchTypes.map((type) => (
                    <option key={type} value={type}>
                      {matchTypeLabels[type]}
                    </option>
                  ))}
                </select>
              )}
            </div>
          );
        })}
      </fieldset>
      {message && (
        <p className="column-picker__message" role="alert">
          {message}
        </p>
      )}
    </Popover>
  );
}
