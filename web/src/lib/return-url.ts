import { safeReturnUrl } from '@serpwise/contracts';
import { useLocation } from 'react-router';

interface Place {
  pathname: string;
  search: string;
  hash: string;
}

/** The whole place a user is at: path, query (tab, sort, page, filter) and hash. */
export const placeOf = (location: Place) => `${location.pathname}${location.search}${location.hash}`;

/** Pages a login or sign-up never returns to (they would loop, or mean nothing after logging in). */
const noReturn = ['/auth/', '/freeaccount', '/login'];

/**
 * `link` with `returnUrl` set to `returnTo` (docs/decisions.md issue 24): only a same-site path is carried, and a
 * login prompt on the auth pages themselves carries none.
 */
export function withReturnUrl(link: string, returnTo: string | null | undefined): string {
  const target = returnTo ? safeReturnUrl(returnTo, '') : '';
  if (!target || target === '/' || noReturn.some((prefix) => target.startsWith(prefix))) return link;
  const url = new URL(link, 'http://serpwise.invalid');
  url.searchParams.set('returnUrl', target);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page, coming back to `returnTo` afterwards. */
export const loginHref = (returnTo?: string | null) => withReturnUrl('/auth/login', returnTo);
/** The free sign-up page, coming back to `returnTo` afterwards. */
export const signUpHref = (returnTo?: string | null) => withReturnUrl('/freeaccount', returnTo);

/** The current place, for a login prompt to come back to. */
export function useHere(): string {
  return placeOf(useLocation());
}
