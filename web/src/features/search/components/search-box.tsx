import type { Suggestion } from '@serpwise/contracts';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import { CountrySelector } from '@/components/ui/country-selector/country-selector';
import { currentCountryCode } from '@/lib/country';
import type { SuggestionType } from '../api/get-suggestions';
import { useSearchNavigation } from '../hooks/use-search-navigation';
import { useSuggestions } from '../hooks/use-suggestions';
import { territoryOverviewUrl } from '../search-paths';
import './search-box.css';

/** docs/product/site.md §9: the suggestions stay this long after the field loses focus, so a click on one still lands. */
export const suggestionHideDelayMs = 150;
export const searchPlaceholder = 'Enter a domain, URL, or keyword';

interface SearchBoxProps {
  /** 'hero' on the landing pages, 'compact' in page headers. */
  size?: 'hero' | 'compact';
  /** Which setting picks the suggestion kind (homepageSuggestionType or hqSuggestionType). */
  suggestionType?: SuggestionType;
  /** Where a result goes: the overview pages (the landing search), or the matching tab of the current page. */
  target?: 'overview' | 'here';
  initialQuery?: string;
  autoFocus?: boolean;
  /** A full page load (another territory); tests replace it. */
  onFullPageLoad?: (url: string) => void;
}

const typeLabel = (suggestion: Suggestion) => (suggestion.type === 'domain' ? 'Domain' : 'Keyword');

/**
 * The search form of docs/product/site.md §2 "Landing search": a territory picker, the query field with suggestions (300 ms debounce,
 * at most 5, hidden 150 ms after the field loses focus) and the Search button. A search in the user's current
 * territory navigates in the app; in another territory it loads that territory's overview page.
 */
export function SearchBox({ size = 'hero', suggestionType = 'default', target = 'overview', initialQuery = '', autoFocus = false, onFullPageLoad }: SearchBoxProps) {
  const location = useLocation();
  const [territory, setTerritory] = useState(currentCountryCode);
  const [text, setText] = useState(initialQuery);
  const [showSuggestions, setShowSuggestions] = useState(false);
  const [active, setActive] = useState(-1);
  const [submitting, setSubmitting] = useState(false);
  const userChangedQuery = useRef(false);
  const hideTimer = useRef<number | undefined>(undefined);
  const { suggestions, request, clear } = useSuggestions(suggestionType, territory);
  const { search, isSearching } = useSearchNavigation();
  const listId = useId();

  // A new query from the page (e.g. the typo page's ?query=) fills the box until the user types.
  useEffect(() => {
    if (!userChangedQuery.current) setText(initialQuery);
  }, [initialQuery]);

  useEffect(() => () => window.clearTimeout(hideTimer.current), []);

  const submit = async (query: string) => {
    const trimmed = query.trim();
    if (!trimmed) return;
    // docs/product/site.md §4: a search sets the searching flag, clears the suggestions and marks that the user changed the query.
    setSubmitting(true);
    clear();
    setShowSuggestions(false);
    setActive(-1);
    userChangedQuery.current = true;
    if (territory === currentCountryCode()) {
      await search(trimmed, { from: target === 'overview' ? '/overview' : location.pathname });
      setSubmitting(false);
    } else {
      (onFullPageLoad ?? ((url: string) => window.location.assign(url)))(territoryOverviewUrl(location.search, trimmed, territory));
    }
  };

  const pick = (suggestion: Suggestion) => {
    setText(suggestion.value);
    void submit(suggestion.value);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const highlighted = showSuggestions ? suggestions[active] : undefined;
    void submit(highlighted ? highlighted.value : text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!showSuggestions || suggestions.length === 0) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => (index + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
    } else if (event.key === 'Escape') {
      setShowSuggestions(false);
      setActive(-1);
    }
  };

  const open = showSuggestions && suggestions.length > 0;
  const busy = submitting || isSearching;

  return (
    <form className={`search-box search-box--${size}`} role="search" aria-label="Search" onSubmit={onSubmit}>
      <CountrySelector value={territory} onChange={setTerritory} label="Search territory" className="search-box__territory" showName={size === 'hero'} />
      <div className="search-box__field">
        <input
          className="search-box__input"
          type="search"
          role="combobox"
          aria-label="Domain, URL, or keyword"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
          placeholder={searchPlaceholder}
          autoComplete="off"
          spellCheck={false}
          autoFocus={autoFocus}
          value={text}
          onChange={(event) => {
            userChangedQuery.current = true;
            setText(event.target.value);
            setActive(-1);
            setShowSuggestions(true);
            request(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => {
            window.clearTimeout(hideTimer.current);
            setShowSuggestions(true);
          }}
          onBlur={() => {
            window.clearTimeout(hideTimer.current);
            hideTimer.current = window.setTimeout(() => setShowSuggestions(false), suggestionHideDelayMs);
          }}
        />
        {open && (
          <ul className="search-box__suggestions" role="listbox" id={listId} aria-label="Suggestions">
            {suggestions.map((suggestion, index) => (
              <li
                key={`${suggestion.type}:${suggestion.value}`}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className={`search-box__suggestion ${index === active ? 'search-box__suggestion--active' : ''}`}
                onMouseEnter={() => setActive(index)}
                onClick={() => pick(suggestion)}
              >
                <span className="search-box__suggestion-value">{suggestion.value}</span>
                <span className={`search-box__suggestion-type search-box__suggestion-type--${suggestion.type}`}>{typeLabel(suggestion)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <button type="submit" className="search-box__submit" disabled={busy}>
        {busy ? 'Searching…' : 'Search'}
      </button>
    </form>
  );
}
