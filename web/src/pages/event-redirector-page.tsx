import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Where a path is safe to send a visitor: one of our own pages ("/…", not "//host"), never another site, so the
 * redirector cannot be used to bounce people to phishing pages.
 */
export function safeTarget(raw: string | null): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  return raw;
}

/**
 * /event-redirector (bare layout, docs/product/site.md §2): links in e-mails and partner pages go through it so the visit is counted
 * as the named event, then the visitor lands on `url` (a page of this site).
 */
export function EventRedirectorPage() {
  const [params] = useSearchParams();
  const target = safeTarget(params.get('url'));
  useEffect(() => {
    // A full load, so the landing page starts fresh (session, territory), as a link from outside would.
    window.location.replace(target);
  }, [target]);
  return (
    <main className="page">
      <p>
        Taking you to <a href={target}>{target}</a>…
      </p>
    </main>
  );
}
