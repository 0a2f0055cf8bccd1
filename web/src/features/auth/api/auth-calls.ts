import type { AuthAnswer, SessionListAnswer, SessionPollAnswer } from '@serpwise/contracts';
import { apiRequest } from '@/lib/api-client';

export interface LoginPayload {
  username: string;
  password: string;
  rememberMe: boolean;
  source: 'LoginPage';
  token: string | null;
  returnUrl?: string;
}

export interface RegisterPayload {
  email: string;
  password: string;
  token: string | null;
  source: 'FreeAccount';
  /** The page the sign-up prompt was on (docs/decisions.md issue 24). */
  returnUrl?: string;
}

/** POST /auth/login (docs/product/site.md §7). A refusal arrives as ApiRequestError with the documented data.errors. */
export const login = (payload: LoginPayload) => apiRequest<AuthAnswer>('/auth/login', { method: 'POST', body: { ...payload } });

/** POST /auth/registerfreeaccount. */
export const registerFreeAccount = (payload: RegisterPayload) =>
  apiRequest<AuthAnswer>('/auth/registerfreeaccount', { method: 'POST', body: { ...payload } });

/** POST /Endpoints/AccountApi/JsonForgotPassword. */
export const requestPasswordReset = (email: string) =>
  apiRequest<AuthAnswer>('/Endpoints/AccountApi/JsonForgotPassword', { method: 'POST', body: { email } });

export const checkResetLink = (token: string) => apiRequest<{ isValid: boolean }>('/rest/auth/password-reset', { query: { token } });

export const resetPassword = (token: string, newPassword: string, confirmPassword: string) =>
  apiRequest<AuthAnswer>('/rest/auth/password-reset', { method: 'POST', body: { token, newPassword, confirmPassword } });

/** POST /endpoints/poll: the session poll, sent every 60 s as the activity ping. */
export const pollSession = () => apiRequest<SessionPollAnswer>('/endpoints/poll', { method: 'POST', body: {} });

export const listSessions = () => apiRequest<SessionListAnswer>('/Endpoints/ChildAccount/ListSessions');

export const removeSessions = (sessionIds: string[]) =>
  apiRequest<{ removed: number }>('/Endpoints/ChildAccount/RemoveSessions', { method: 'POST', body: { sessionIds } });

export { captchaToken } from '../captcha/captcha-token';
