/**
 * How keywords and hosts are written everywhere (API schemas, imports, the warehouse, the web app): one rule each,
 * so a keyword or domain typed in one place finds what another place stored. Plain TypeScript: the web app bundles it.
 */

let lastKeyword = { text: '', normal: '' };

/** A keyword as stored and searched: trimmed, each run of white space (tabs, line breaks, no-break spaces) one space, lower case. */
export function normaliseKeyword(text: string): string {
  // Imports list a keyword's results one after another: the last answer is usually the next one too.
  if (text === lastKeyword.text) return lastKeyword.normal;
  const normal = text.trim().replace(/\s+/g, ' ').toLowerCase();
  lastKeyword = { text, normal };
  return normal;
}

/** The keywords of a pasted text or file: one per line (commas also separate), normalised, blanks and repeats dropped. A file with a header row: keywordsOfList. */
export function keywordsOfText(text: string): string[] {
  const seen = new Set<string>();
  for (const piece of text.split(/[\r\n,]+/)) {
    const keyword = normaliseKeyword(piece);
    if (keyword) seen.add(keyword);
  }
  return [...seen];
}

const labelPattern = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** A top-level domain is letters, or the ASCII (punycode) form of an internationalised one. */
const tldPattern = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * The bare host of a domain or web address however typed: any scheme, credentials, port, path, query and fragment
 * are dropped, then it is lower case, without a trailing dot, and without a leading www. unless www. is the name
 * itself (www.com). Null unless what is left is a host name of two or more labels: letters, digits and inner
 * hyphens, a top-level domain of letters or xn--. Hosts in Unicode (bücher.de) are refused, as everywhere before
 * this rule: their punycode form (xn--bcher-kva.de) is accepted. No IP addresses, no single-label hosts (localhost).
 */
export function hostOfText(text: string): string | null {
  const host = text
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
    .split(/[/?#]/)[0]!
    .replace(/^[^@]*@/, '')
    .replace(/:\d*$/, '')
    .toLowerCase()
    .replace(/\.$/, '');
  const labels = host.split('.');
  if (labels.length < 2 || host.length > 253) return null;
  if (!labels.every((label) => labelPattern.test(label)) || !tldPattern.test(labels.at(-1)!)) return null;
  return host.startsWith('www.') && labels.length > 2 ? host.slice(4) : host;
}
