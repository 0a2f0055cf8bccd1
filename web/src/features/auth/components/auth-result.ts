import type { AuthAnswer } from '@serpwise/contracts';
import { ApiRequestError } from '../../../lib/api-client';
import { forgetCsrfToken } from '../../../lib/csrf';

/** The documented errors of a refused auth call (data.errors), or a general message. */
export function errorsOf(error: unknown): string[] {
  if (error instanceof ApiRequestError) return error.errors.length ? error.errors : [error.message];
  return ['Something went wrong. Check your connection and try again.'];
}

/**
 * After a login or sign-up (01-product.md §4): a listener may handle the authenticated event; otherwise the page
 * reloads at the redirect address, because the session and its cross-site token were just replaced.
 */
export function finishAuthentication(answer: AuthAnswer, fallbackUrl: string | undefined, onAuthenticated?: (answer: AuthAnswer) => boolean | void) {
  forgetCsrfToken();
  if (onAuthenticated?.(answer) === true) return;
  const target = answer.data.redirectUrl && answer.data.redirectUrl !== '/' ? answer.data.redirectUrl : (fallbackUrl ?? answer.data.redirectUrl ?? '/');
  window.location.assign(target);
}
