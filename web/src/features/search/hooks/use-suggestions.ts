import type { Suggestion } from '@serpwise/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getSuggestions, maxSuggestions, type SuggestionType } from '../api/get-suggestions';

/** docs/product/site.md §9: suggestion requests wait for 300 ms without typing (keypress, delete or backspace). */
export const suggestionDebounceMs = 300;

/**
 * The suggestions of a search box: `request(text)` on every keystroke starts the 300 ms wait again; only the last
 * text is asked for, and an answer that arrives after a newer request (or after clear()) is dropped.
 */
export function useSuggestions(type: SuggestionType, countryCode: string) {
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const timer = useRef<number | undefined>(undefined);
  const inFlight = useRef<AbortController | null>(null);

  const cancel = useCallback(() => {
    window.clearTimeout(timer.current);
    inFlight.current?.abort();
    inFlight.current = null;
  }, []);

  const clear = useCallback(() => {
    cancel();
    setSuggestions([]);
  }, [cancel]);

  const request = useCallback(
    (text: string) => {
      cancel();
      const query = text.trim();
      if (!query) {
        setSuggestions([]);
        return;
      }
      timer.current = window.setTimeout(() => {
        const controller = new AbortController();
        inFlight.current = controller;
        getSuggestions(type, query, { countryCode, signal: controller.signal })
          .then((list) => {
            if (!controller.signal.aborted) setSuggestions(list.slice(0, maxSuggestions));
          })
          .catch(() => {
            // Suggestions are a convenience: a failed request leaves the box as it is.
          });
      }, suggestionDebounceMs);
    },
    [type, countryCode, cancel],
  );

  useEffect(() => cancel, [cancel]);

  return { suggestions, request, clear };
}
