import { normaliseHost } from '@serpwise/research';

/**
 * The bare domain of what a user typed as their website: scheme, credentials, port, path, query and a leading
 * www. are dropped; null when what is left is not a valid host name.
 */
export function cleanseDomain(raw: string): string | null {
  const text = raw.trim();
  if (!text || /\s/.test(text)) return null;
  const withoutScheme = text.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  const host = withoutScheme.split(/[/?#]/)[0]!.replace(/^[^@]*@/, '').replace(/:\d*$/, '');
  return normaliseHost(host);
}
