import { csrfMetaName, restPrefix } from '@serpwise/contracts';

let cached: string | null = null;

/** The cross-site request token: from the page meta tag, or (dev server, no tag) from the session call. */
export async function csrfToken(): Promise<string> {
  if (cached) return cached;
  const fromMeta = document.querySelector<HTMLMetaElement>(`meta[name="${csrfMetaName}"]`)?.content;
  if (fromMeta) return (cached = fromMeta);
  const response = await fetch(`${restPrefix}/session`, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error('Could not start a session. Reload the page and try again.');
  const { csrfToken: token } = (await response.json()) as { csrfToken: string };
  return (cached = token);
}

/** For tests and for a session that was replaced (login, logout). */
export function forgetCsrfToken(): void {
  cached = null;
}
