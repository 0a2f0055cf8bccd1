import { matchTypes, type MatchType } from '@serpwise/contracts';
import { useState } from 'react';
import { optionsOf, SelectOptions } from '@/components/form/select-field';
import { Popover } from '@/components/ui/table/popover';
import { changeMatchType, toggleColumn, type ColumnChoice, type KeywordColumn } from '../columns';

/** The keyword universe's column picker: the docs/product/projects.md §5 limits and match-type rule, with the documented messages as error alerts. */
export function KeywordColumnPicker({ columns, choice, onChange }: { columns: KeywordColumn[]; choice: ColumnChoice; onChange: (choice: ColumnChoice) => void }) {
  const [error, setError] = useState<string | null>(null);
  const order = columns.map((column) => column.id);
  const apply = (result: { choice: ColumnChoice; error: string | null }) => {
    setError(result.error);
    if (!result.error) onChange(result.choice);
  };
  return (
    <Popover label={`Columns (${choice.visible.length}/5)`} className="column-picker">
      <fieldset className="column-picker__list">
        <legend>Columns</legend>
        {columns.map((column) => (
          <div key={column.id} className="column-picker__item">
            <label className="checkbox">
              <input type="checkbox" checked={choice.visible.includes(column.id)} onChange={(event) => apply(toggleColumn(choice, column.id, event.target.checked, order))} />
              {column.label}
            </label>
            {column.matchTypes && (
              <select
                aria-label={`${column.label} match type`}
                value={choice.matchTypes[column.id] ?? 'broad'}
                onChange={(event) => apply(changeMatchType(choice, column, event.target.value as MatchType))}
              >
                <SelectOptions options={optionsOf(matchTypes)} />
              </select>
            )}
          </div>
        ))}
      </fieldset>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
    </Popover>
  );
}
