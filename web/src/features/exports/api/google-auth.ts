import { googleAuthCallbackPath, type GoogleAuthState } from '@serpwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const googleAuthQueryKey = ['google-auth'] as const;

/** POST /auth/checkgoogleauth: whether Google is configured and this user has authorised it. */
export const checkGoogleAuth = () => apiRequest<GoogleAuthState>('/auth/checkgoogleauth', { method: 'POST' });

export const useGoogleAuth = (enabled: boolean) => useQuery({ queryKey: googleAuthQueryKey, queryFn: checkGoogleAuth, enabled, staleTime: 60_000 });

/** POST /auth/setgoogletoken: the code from Google's consent screen, for the redirect URI it was issued to. */
export const setGoogleToken = (code: string) =>
  apiRequest<GoogleAuthState>('/auth/setgoogletoken', { method: 'POST', body: { code, redirectUri: googleRedirectUri() } });

/** POST /auth/revokegoogletoken. */
export const revokeGoogleToken = () => apiRequest<GoogleAuthState & { message: string }>('/auth/revokegoogletoken', { method: 'POST' });

export const googleRedirectUri = () => `${window.location.origin}${googleAuthCallbackPath}`;

/** The message the callback popup posts to the page that opened it. */
export const googleAuthMessageType = 'serpwise:google-auth';
export const googleAuthStateKey = 'serpwise.googleAuthState';
export const googleAuthReturnKey = 'serpwise.googleAuthReturn';

/** The consent screen address for this page: our callback as redirect_uri, and a state the callback checks. */
export function consentUrl(authorizeUrl: string): string {
  const state = crypto.randomUUID();
  sessionStorage.setItem(googleAuthStateKey, state);
  // A popup shares sessionStorage with its opener only when copied at open time; localStorage is read as a fallback.
  localStorage.setItem(googleAuthStateKey, state);
  const url = new URL(authorizeUrl);
  // The server names its callback from PUBLIC_URL; this page's own address is only the fallback of an older server.
  if (!url.searchParams.has('redirect_uri')) url.searchParams.set('redirect_uri', googleRedirectUri());
  url.searchParams.set('state', state);
  return url.toString();
}
