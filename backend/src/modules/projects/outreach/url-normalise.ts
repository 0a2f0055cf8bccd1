import { hostOfText } from '@serpwise/contracts';

/**
 * A link's address as stored: http(s) only (a bare address gets https://), lower-case scheme and host, no
 * credentials and no fragment; path and query stay as typed. Its website is the bare host (no www.). Null when it
 * is not a web address.
 */
export function normaliseLinkUrl(raw: string): { url: string; domain: string } | null {
  const text = raw.trim();
  if (!text || /\s/.test(text)) return null;
  // A scheme other than http(s) (mailto:, javascript:, ftp://) is not a web page; 'host:8080/…' is a bare address.
  const scheme = /^([a-z][a-z0-9+.-]*):(?!\d)/i.exec(text)?.[1]?.toLowerCase();
  if (scheme && scheme !== 'http' && scheme !== 'https') return null;
  const withScheme = scheme ? text : `https://${text}`;
  let parsed: URL;
  try {
    parsed = new URL(withScheme);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const domain = hostOfText(parsed.hostname);
  if (!domain) return null;
  const port = parsed.port ? `:${parsed.port}` : '';
  return { url: `${parsed.protocol}//${parsed.hostname.toLowerCase()}${port}${parsed.pathname}${parsed.search}`, domain };
}
