import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { msfKey, nextPanelHistory, readMsf, transitionDirection, writeMsf, type MsfLocation, type MsfParams } from './msf';

/** docs/product/projects.md §4, §9: for 150 ms after the panel opens its content does not animate (it slides in with the panel). */
export const openingPhaseMs = 150;
/** The last panel route, so toggling the tab reopens where the user was (docs/product/projects.md §3 "last persisted"). */
export const lastRouteKey = 'myserpwise:last';

function rememberLast(location: MsfLocation) {
  try {
    localStorage.setItem(lastRouteKey, msfKey(location));
  } catch {
    // Private mode.
  }
}

export function lastRoute(): MsfLocation | null {
  try {
    const saved = localStorage.getItem(lastRouteKey);
    return saved ? readMsf(saved) : null;
  } catch {
    return null;
  }
}

export interface MsfNavigation {
  location: MsfLocation | null;
  isOpen: boolean;
  /** The panel has been opened at least once on this page (docs/product/projects.md §4 "marked as ever opened"). */
  everOpened: boolean;
  /** True for the first 150 ms after opening: the content transition is suppressed. */
  opening: boolean;
  direction: 'back' | 'forward';
  /** Pushes a browser history entry, so back returns to the previous panel route. */
  go: (route: string, params?: MsfParams) => void;
  close: () => void;
  toggle: () => void;
}

/** The panel route from the page query, with helpers that move it through browser history. */
export function useMsf(): MsfNavigation {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const location = useMemo(() => readMsf(search), [search]);
  const key = msfKey(location);
  const isOpen = location !== null;

  const [everOpened, setEverOpened] = useState(isOpen);
  const [opening, setOpening] = useState(isOpen);
  const [history, setHistory] = useState<string[]>(() => (location ? [key] : []));
  const [direction, setDirection] = useState<'back' | 'forward'>('forward');
  const [seenKey, setSeenKey] = useState(key);

  // Follow the address (links, back, forward): state adjusted during render.
  if (key !== seenKey) {
    setSeenKey(key);
    const next = nextPanelHistory(history, location);
    setDirection(transitionDirection(history.length, next.length));
    setHistory(next);
    if (location && !everOpened) setEverOpened(true);
    // Closed → open starts the opening phase.
    if (location && history.length === 0) setOpening(true);
    if (!location) setOpening(false);
  }

  useEffect(() => {
    if (location) rememberLast(location);
  }, [location]);

  useEffect(() => {
    if (!opening) return;
    const timer = setTimeout(() => setOpening(false), openingPhaseMs);
    return () => clearTimeout(timer);
  }, [opening]);

  const go = useCallback(
    (route: string, params: MsfParams = {}) => void navigate({ pathname, search: `?${writeMsf(search, { route, params })}` }),
    [navigate, pathname, search],
  );
  const close = useCallback(() => {
    const query = writeMsf(search, null).toString();
    void navigate({ pathname, search: query ? `?${query}` : '' });
  }, [navigate, pathname, search]);
  const toggle = useCallback(() => {
    if (isOpen) close();
    else {
      const last = lastRoute();
      go(last?.route ?? 'projects', last?.params ?? {});
    }
  }, [isOpen, close, go]);

  return { location, isOpen, everOpened: everOpened || isOpen, opening: isOpen && opening, direction, go, close, toggle };
}
