import { territories } from '@serpwise/contracts';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Flag } from './flag';
import './country-selector.css';

export interface CountryOption {
  code: string;
  name: string;
  /** Flag icon name: the lower-case ISO code ('gb' for the UK territory). */
  icon: string;
}

/** The supported search territories in priority order (docs/product/site.md §3), the selector's default list. */
export const territoryOptions: CountryOption[] = territories.map(({ code, name, icon }) => ({ code, name, icon }));

/** docs/product/site.md §9: a toggle within this long of the previous one is ignored (a focus that opens is followed by a click). */
export const countryMenuToggleDebounceMs = 150;
/** docs/product/site.md §9: the search field takes the focus this long after the menu opens. */
export const countryMenuFocusDelayMs = 100;

export const countrySelectorTexts = { placeholder: 'Select Country', noMatches: 'No matches found.' } as const;

/** Options whose code, flag code or name contains the typed text (case-insensitive); codes that start with it first. */
export function filterCountries(options: readonly CountryOption[], text: string): CountryOption[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...options];
  const starts = (option: CountryOption) => option.code.toLowerCase().startsWith(needle) || option.icon.startsWith(needle);
  const matches = options.filter((option) => starts(option) || option.name.toLowerCase().includes(needle));
  return [...matches.filter(starts), ...matches.filter((option) => !starts(option))];
}

interface CountrySelectorProps {
  value: string | null;
  onChange: (code: string) => void;
  options?: readonly CountryOption[];
  /** Accessible name of the trigger (e.g. 'Search territory'). */
  label?: string;
  className?: string;
  /** Show the name beside the code on the trigger (roomy layouts). */
  showName?: boolean;
}

/**
 * Searchable country list shown as code and name (docs/product/site.md §2 "Country selector"). Opens on click, Space or focus; closes on
 * Escape, an outside click, or when the focus leaves it. Arrow keys move through the matches, Enter picks one.
 */
export function CountrySelector({ value, onChange, options = territoryOptions, label = 'Country', className = '', showName = false }: CountrySelectorProps) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const lastToggle = useRef(-Infinity);
  /** Set while the widget itself moves the focus back to the trigger, so that focus does not reopen the menu. */
  const returningFocus = useRef(false);
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  const matches = useMemo(() => filterCountries(options, text), [options, text]);
  const selected = options.find((option) => option.code === value) ?? null;

  const setOpenDebounced = (next: boolean) => {
    const now = Date.now();
    if (now - lastToggle.current < countryMenuToggleDebounceMs) return;
    lastToggle.current = now;
    if (next) {
      // Opening clears the search and marks the chosen country.
      setText('');
      setActive(Math.max(0, options.findIndex((option) => option.code === value)));
    }
    setOpen(next);
  };

  const close = (refocus: boolean) => {
    setOpen(false);
    lastToggle.current = Date.now();
    if (refocus) {
      returningFocus.current = true;
      trigger.current?.focus();
      returningFocus.current = false;
    }
  };

  // The search field takes the focus 100 ms after the menu opens.
  useEffect(() => {
    if (!open) return;
    const timer = window.setTimeout(() => search.current?.focus(), countryMenuFocusDelayMs);
    return () => window.clearTimeout(timer);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const outside = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);

  // Keep the highlighted option in view while moving with the arrow keys.
  useEffect(() => {
    const item = list.current?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    item?.scrollIntoView?.({ block: 'nearest' });
  }, [active, open]);

  const pick = (option: CountryOption) => {
    onChange(option.code);
    close(true);
  };

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => Math.min(index + 1, matches.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = matches[active];
      if (option) pick(option);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    }
  };

  const onTriggerKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    // Space (and Enter) click the button natively, which toggles it; ArrowDown opens too.
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpenDebounced(true);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  };

  return (
    <div
      className={`country-selector ${open ? 'country-selector--open' : ''} ${className}`}
      ref={root}
      onBlur={(event) => {
        // The focus left the widget (not just moved from the trigger to the search field).
        if (open && !root.current?.contains(event.relatedTarget as Node | null)) close(false);
      }}
    >
      <button
        type="button"
        ref={trigger}
        className="country-selector__trigger"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={selected ? `${label}: ${selected.name}` : label}
        onClick={() => setOpenDebounced(!open)}
        onFocus={() => {
          if (!returningFocus.current && !open) setOpenDebounced(true);
        }}
        onKeyDown={onTriggerKey}
      >
        {selected ? (
          <>
            <Flag icon={selected.icon} />
            <span className="country-selector__code">{selected.code}</span>
            {showName && <span className="country-selector__name">{selected.name}</span>}
          </>
        ) : (
          <span className="country-selector__placeholder">{countrySelectorTexts.placeholder}</span>
        )}
        <span className="country-selector__chevron" aria-hidden="true" />
      </button>
      {open && (
        <div className="country-selector__menu">
          <input
            ref={search}
            className="country-selector__search"
            type="text"
            role="combobox"
            aria-label={`Search ${label.toLowerCase()}`}
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={matches[active] ? optionId(active) : undefined}
            placeholder={countrySelectorTexts.placeholder}
            autoComplete="off"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setActive(0);
            }}
            onKeyDown={onSearchKey}
          />
          <ul className="country-selector__list" role="listbox" id={listId} ref={list} aria-label={label}>
            {matches.length === 0 && <li className="country-selector__empty">{countrySelectorTexts.noMatches}</li>}
            {matches.map((option, index) => (
              <li
                key={option.code}
                id={optionId(index)}
                data-index={index}
                role="option"
                aria-selected={option.code === value}
                className={`country-selector__option ${index === active ? 'country-selector__option--active' : ''}`}
                onMouseEnter={() => setActive(index)}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(option)}
              >
                <Flag icon={option.icon} />
                <span className="country-selector__code">{option.code}</span>
                <span className="country-selector__name">{option.name}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
