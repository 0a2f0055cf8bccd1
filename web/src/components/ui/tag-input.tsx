import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { accountMessages, isValidEmail, normalizeEmail } from '@serpwise/contracts';
import { Icon } from './icons/icon';
import { FieldNote } from '@/components/form/field-note';

/** How long a duplicate or invalid entry flashes (docs/product/account-exports-reports.md §5, §9). */
export const tagFlashMs = 800;

/** The key under which the text box itself flashes (an invalid address stays in it). */
const inputKey = '\u0000input';

export interface TagInputProps {
  label: string;
  tags: string[];
  onChange: (tags: string[]) => void;
  /** 'email' splits the text on commas, adds the valid addresses and keeps the invalid ones in the box. */
  mode?: 'text' | 'email';
  /** Reject a tag that is already there (on by default). */
  unique?: boolean;
  /** Compare tags case-sensitively when rejecting duplicates (off by default). */
  caseSensitive?: boolean;
  /** Tags the owner marks as a problem (for example refused by the server), with the reason shown as a title. */
  flagged?: ReadonlyMap<string, string | null>;
  placeholder?: string;
  hint?: string;
  disabled?: boolean;
  /** Told whenever the box holds text that is not a tag yet (an invalid address stays there), so a form can refuse to save. */
  onPendingChange?: (pending: { text: string; invalid: boolean }) => void;
}

/**
 * The tag input (docs/product/account-exports-reports.md §5): text is trimmed and a blank entry ignored; with uniqueness on, a duplicate is rejected and
 * the tag already there flashes; in e-mail mode the text is split on commas, valid addresses become tags and invalid
 * ones stay in the box marked invalid. Duplicate or invalid entries flash for 800 ms. Enter, a comma (e-mail mode)
 * or leaving the box adds what was typed; Backspace in an empty box removes the last tag.
 */
export function TagInput({ label, tags, onChange, mode = 'text', unique = true, caseSensitive = false, flagged, placeholder, hint, disabled, onPendingChange }: TagInputProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [flashing, setFlashing] = useState<ReadonlySet<string>>(new Set());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useEffect(() => onPendingChange?.({ text, invalid }), [text, invalid, onPendingChange]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  function flash(keys: string[]) {
    if (!keys.length) return;
    setFlashing((current) => new Set([...current, ...keys]));
    for (const key of keys) {
      // Flashing again restarts the 800 ms.
      clearTimeout(timers.current.get(key));
      timers.current.set(
        key,
        setTimeout(() => {
          timers.current.delete(key);
          setFlashing((current) => new Set([...current].filter((entry) => entry !== key)));
        }, tagFlashMs),
      );
    }
  }

  const comparable = (value: string) => (caseSensitive ? value : value.toLowerCase());

  /** Adds the entries of `value` (typed, pasted or filled), keeps the rejected ones in the box and flashes. */
  function commit(value: string) {
    const entries = (mode === 'email' ? value.split(',') : [value]).map((entry) => entry.trim()).filter(Boolean);
    const next = [...tags];
    const rejected: string[] = [];
    const flashes: string[] = [];
    for (const entry of entries) {
      const tag = mode === 'email' ? normalizeEmail(entry) : entry;
      if (mode === 'email' && !isValidEmail(tag)) {
        rejected.push(entry);
        continue;
      }
      const existing = unique ? next.find((other) => comparable(other) === comparable(tag)) : undefined;
      if (existing !== undefined) flashes.push(existing);
      else next.push(tag);
    }
    if (next.length !== tags.length) onChange(next);
    if (rejected.length) flashes.push(inputKey);
    flash(flashes);
    setInvalid(rejected.length > 0);
    setText(rejected.join(', '));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || (mode === 'email' && event.key === ',')) {
      event.preventDefault();
      commit(text);
    } else if (event.key === 'Backspace' && text === '' && tags.length) {
      onChange(tags.slice(0, -1));
    }
  }

  const message = invalid ? accountMessages.invalidEmail : null;
  const describedBy = message ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={`field ui-tag-input${invalid ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className={`ui-tag-input__box${flashing.has(inputKey) ? ' ui-flash' : ''}${invalid ? ' ui-tag-input__box--invalid' : ''}`}>
        <ul className="ui-tag-input__tags" aria-label="Added">
          {tags.map((tag, index) => {
            const isFlagged = flagged?.has(tag) ?? false;
            return (
              <li key={`${index}:${tag}`} className={`ui-tag${isFlagged ? ' ui-tag--invalid' : ''}${flashing.has(tag) ? ' ui-flash' : ''}`} title={flagged?.get(tag) ?? undefined} data-flash={flashing.has(tag) || undefined}>
                <span>{tag}</span>
                <button type="button" aria-label={`Remove ${tag}`} disabled={disabled} onClick={() => onChange(tags.filter((_, at) => at !== index))}>
                  <Icon name="close" size={12} />
                </button>
              </li>
            );
          })}
        </ul>
        <input
          id={id}
          value={text}
          placeholder={placeholder}
          disabled={disabled}
          inputMode={mode === 'email' ? 'email' : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          data-flash={flashing.has(inputKey) || undefined}
          onChange={(event) => {
            const value = event.target.value;
            // A comma typed or filled in e-mail mode ends the addresses before it.
            if (mode === 'email' && value.includes(',')) commit(value);
            else {
              setText(value);
              setInvalid(false);
            }
          }}
          onKeyDown={onKeyDown}
          onBlur={() => commit(text)}
        />
      </div>
      <FieldNote id={id} error={message} hint={hint} />
    </div>
  );
}
