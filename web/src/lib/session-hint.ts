import { sessionMetaName } from '@serpwise/contracts';

let settled = false;

/**
 * What the server said when it served this page: a visitor (false), a logged-in user (true), or nothing (undefined: the
 * dev server, a test, or the active state has answered once, and from then on it decides).
 */
export function servedLoggedIn(): boolean | undefined {
  if (settled) return undefined;
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${sessionMetaName}"]`)?.content;
  return content === 'user' ? true : content === 'visitor' ? false : undefined;
}

/** The active state answered: the page's own hint is out of date from now on (a login in a dialog, a session ended). */
export function settleServedSession(): void {
  settled = true;
}

/** For tests. */
export function resetServedSession(): void {
  settled = false;
}
