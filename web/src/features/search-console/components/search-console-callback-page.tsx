import { searchConsoleMessages, searchConsolePagePath } from '@serpwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorsOf } from '@/lib/api-client';
import { connectSearchConsole, searchConsoleKey, searchConsoleStateKey } from '../api/search-console';

/**
 * /account/search-console/callback: Google's consent screen sends the browser back here with a code. The state must
 * be the one this tab sent; the code goes to /rest/search-console/connect, and the page returns to the property list.
 */
export function SearchConsoleCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  // The answer Google sent is checked once, on the first render: a code with this tab's state, or a refusal.
  const [code] = useState(() => {
    const expected = sessionStorage.getItem(searchConsoleStateKey);
    const given = params.get('code');
    return given && !params.get('error') && expected && params.get('state') === expected ? given : null;
  });
  const [failure, setFailure] = useState<string | null>(code ? null : searchConsoleMessages.authorisationFailed);
  const done = useRef(false);

  useEffect(() => {
    if (done.current || !code) return;
    done.current = true;
    sessionStorage.removeItem(searchConsoleStateKey);
    connectSearchConsole(code).then(
      (state) => {
        client.setQueryData(searchConsoleKey, state);
        void navigate(searchConsolePagePath, { replace: true });
      },
      (error: unknown) => setFailure(errorsOf(error)[0] ?? searchConsoleMessages.authorisationFailed),
    );
  }, [client, code, navigate]);

  return (
    <section className="page search-console">
      <h1>Search Console</h1>
      {failure ? (
        <>
          <p role="alert" className="alert alert--error">
            {failure}
          </p>
          <Link to={searchConsolePagePath}>Back to Search Console</Link>
        </>
      ) : (
        <p>Connecting Search Console…</p>
      )}
    </section>
  );
}
