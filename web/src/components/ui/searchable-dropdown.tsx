import { useId, useState, type KeyboardEvent } from 'react';

/** Suggestions shown at once unless the caller says otherwise (docs/product/account-exports-reports.md §5). */
export const defaultSuggestionLimit = 5;
export const createNewSuffix = '(create new)';

/**
 * What the list offers for a text: up to `limit` options containing it (case-insensitive; all options when it is
 * blank), and a '(create new)' entry only when creating is allowed and the trimmed, non-empty text matches no option
 * exactly, ignoring case.
 */
export function dropdownChoices(options: readonly string[], text: string, { limit = defaultSuggestionLimit, allowCreate = false } = {}) {
  const wanted = text.trim().toLowerCase();
  const suggestions = options.filter((option) => option.toLowerCase().includes(wanted)).slice(0, limit);
  const create = allowCreate && wanted !== '' && !options.some((option) => option.toLowerCase() === wanted) ? text.trim() : null;
  return { suggestions, create };
}

export interface SearchableDropdownProps {
  label: string;
  options: readonly string[];
  /** The chosen option, shown in the box when the list is closed. */
  value?: string | null;
  onSelect: (option: string) => void;
  /** When given, a '(create new)' entry offers to create the typed text. */
  onCreate?: (text: string) => void;
  limit?: number;
  placeholder?: string;
}

/**
 * A searchable dropdown (a combobox): typing filters the options, at most 5 suggestions show by default, the arrow
 * keys move through them and Enter picks the highlighted one; Escape closes the list.
 */
export function SearchableDropdown({ label, options, value = null, onSelect, onCreate, limit = defaultSuggestionLimit, placeholder }: SearchableDropdownProps) {
  const id = useId();
  const [text, setText] = useState(value ?? '');
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState(-1);
  // A new value from the owner replaces the text (state adjusted in render).
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setText(value ?? '');
  }
  const { suggestions, create } = dropdownChoices(options, text, { limit, allowCreate: Boolean(onCreate) });
  const entries = [...suggestions.map((option) => ({ option, isNew: false })), ...(create ? [{ option: create, isNew: true }] : [])];

  function pick(index: number) {
    const entry = entries[index];
    if (!entry) return;
    if (entry.isNew) onCreate?.(entry.option);
    else onSelect(entry.option);
    setText(entry.option);
    setOpen(false);
    setHighlight(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      if (!entries.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setHighlight((current) => (current + step + entries.length) % entries.length);
    } else if (event.key === 'Enter' && open && highlight >= 0) {
      event.preventDefault();
      pick(highlight);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setHighlight(-1);
    }
  }

  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  return (
    <div className="field ui-dropdown">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && highlight >= 0 ? optionId(highlight) : undefined}
        value={text}
        placeholder={placeholder}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setHighlight(-1);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setHighlight(-1);
        }}
        onKeyDown={onKeyDown}
      />
      {open && entries.length > 0 && (
        <ul id={listId} role="listbox" aria-label={label} className="ui-dropdown__list">
          {entries.map((entry, index) => (
            <li
              key={`${entry.isNew ? 'new' : 'option'}:${entry.option}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === highlight}
              className={`ui-dropdown__option${index === highlight ? ' ui-dropdown__option--highlighted' : ''}${entry.isNew ? ' ui-dropdown__option--new' : ''}`}
              // mousedown, not click: the box keeps its focus, so the list is still there when the click lands.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(index);
              }}
              onMouseEnter={() => setHighlight(index)}
            >
              {entry.isNew ? `${entry.option} ${createNewSuffix}` : entry.option}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
