import type { AuthAnswer } from '@serpwise/contracts';
import { forgetCsrfToken } from '@/lib/csrf';

/**
 * After a login or sign-up (docs/product/site.md §4): a listener may handle the authenticated event; otherwise the page
 * reloads at the redirect address, because the session and its cross-site token were just replaced.
 */
export function finishAuthentication(answer: AuthAnswer, fallbackUrl: string | undefined, onAuthenticated?: (answer: AuthAnswer) => boolean | void) {
  forgetCsrfToken();
  if (onAuthenticated?.(answer) === true) return;
  const target = answer.data.redirectUrl && answer.data.redirectUrl !== '/' ? answer.data.redirectUrl : (fallbackUrl ?? answer.data.redirectUrl ?? '/');
  window.location.assign(target);
}
