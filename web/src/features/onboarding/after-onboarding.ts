import { safeReturnUrl } from '@serpwise/contracts';
import { isOnboardingPath } from './onboarding-guard';

/** Pages onboarding never finishes on: itself, and the login and sign-up pages (they would loop). */
const neverAfter = ['/auth/', '/freeaccount', '/login'];

/**
 * Where finishing onboarding goes (docs/decisions.md, issue 24 "Onboarding"): the place the user was sent from
 * (`?returnUrl=`, the sign-up prompt's page) when it is a page of this site worth returning to, else the
 * server's `redirectUrl`, the overview of the domain just entered.
 */
export function afterOnboardingTarget(returnUrl: string | null, redirectUrl: string): string {
  const target = safeReturnUrl(returnUrl, '');
  const path = target.split(/[?#]/, 1)[0]!.toLowerCase();
  if (!target || path === '/' || isOnboardingPath(path) || neverAfter.some((prefix) => path.startsWith(prefix))) return redirectUrl;
  return target;
}

const returnUrlKey = 'serpwise:onboarding:returnUrl';

/** Keeps the returnUrl onboarding was opened with for the steps after the first (their links drop the query). */
export function keepReturnUrl(search: string): void {
  const value = new URLSearchParams(search).get('returnUrl');
  try {
    if (value) sessionStorage.setItem(returnUrlKey, value);
  } catch {
    // Private mode: onboarding then finishes on the overview.
  }
}

export function keptReturnUrl(): string | null {
  try {
    return sessionStorage.getItem(returnUrlKey);
  } catch {
    return null;
  }
}

export function forgetReturnUrl(): void {
  try {
    sessionStorage.removeItem(returnUrlKey);
  } catch {
    // Nothing was kept.
  }
}
