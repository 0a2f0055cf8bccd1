import { googleSheetsMessages } from '@serpwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorsOf } from '@/lib/api-client';
import { googleAuthMessageType, googleAuthQueryKey, googleAuthReturnKey, googleAuthStateKey, setGoogleToken } from '../api/google-auth';

/**
 * /google-auth/callback: Google's consent screen sends the browser here with a code. The code goes to
 * /auth/setgoogletoken; a popup then tells its opener and closes, a full-page redirect returns to the table.
 */
export function GoogleAuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const expected = sessionStorage.getItem(googleAuthStateKey) ?? localStorage.getItem(googleAuthStateKey);
    const code = params.get('code');
    const finish = (ok: boolean, message?: string) => {
      localStorage.removeItem(googleAuthStateKey);
      const opener = window.opener as Window | null;
      if (opener && opener !== window) {
        opener.postMessage({ type: googleAuthMessageType, ok, message }, window.location.origin);
        window.close();
        return;
      }
      if (!ok) return setFailure(message ?? googleSheetsMessages.authorisationFailed);
      const back = sessionStorage.getItem(googleAuthReturnKey) ?? '/';
      sessionStorage.removeItem(googleAuthReturnKey);
      void navigate(back.startsWith('/') && !back.startsWith('//') ? back : '/', { replace: true });
    };
    if (!code || params.get('error') || !expected || params.get('state') !== expected) return finish(false, googleSheetsMessages.authorisationFailed);
    setGoogleToken(code).then(
      (state) => {
        client.setQueryData(googleAuthQueryKey, state);
        finish(true);
      },
      (error: unknown) => finish(false, errorsOf(error)[0]),
    );
  }, [client, navigate, params]);

  return (
    <main className="page">
      {failure ? (
        <p role="alert" className="notice notice--error">
          {failure}
        </p>
      ) : (
        <p>Connecting your Google account…</p>
      )}
    </main>
  );
}
