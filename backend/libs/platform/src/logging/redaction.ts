import { sessionCookieName } from '@serpwise/contracts';

/**
 * What never reaches a log line (docs/decisions.md, "Security: links, logs, child access, HTTP hygiene"): a session
 * token copied from a log would log its reader in, and a reset token or a password would do worse.
 *
 * Two layers. The structured one names the headers pino-http writes (request and response); the textual one scrubs
 * the finished line, so a secret that turns up somewhere else — a field of an error, a query string, a raw body
 * inside an error, Nest's own messages — is masked too.
 */
export const redactedText = '[redacted]';

/** pino `redact` paths: the request's and the response's secret headers. */
export const redactedLogPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["proxy-authorization"]',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'res.headers.authorization',
];

/** Field names whose values are secrets, in any object, at any depth (matched inside the name: `newPassword`, `x-csrf-token`). */
const secretName = String.raw`[A-Za-z0-9_-]*(?:password|passwd|secret|token|csrf|cookie|authorization|api[_-]?key|signature)[A-Za-z0-9_-]*`;

/** A JSON string value, or an array of them (set-cookie). */
const jsonString = String.raw`"(?:[^"\\]|\\.)*"`;
const jsonValue = String.raw`(?:${jsonString}|\[\s*(?:${jsonString}\s*,?\s*)*\])`;
/** The same inside a JSON string (a raw body kept on an error): quotes are escaped once. */
const escapedString = String.raw`\\"(?:[^"\\]|\\[^"])*\\"`;

const secretField = new RegExp(String.raw`("${secretName}"\s*:\s*)${jsonValue}`, 'gi');
const escapedSecretField = new RegExp(String.raw`(\\"${secretName}\\"\s*:\s*)${escapedString}`, 'gi');
/** name=value in a cookie header or a query string: the session cookie, tokens, signatures, codes. */
const secretParameter = new RegExp(String.raw`((?:^|[\s;?&"'(])(?:${sessionCookieName}|${secretName}|sig|code|key)=)[^\s;&"'\\)]+`, 'gi');
const bearer = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g;

/** Masks every secret in one finished (JSON) log line; the line stays valid JSON. */
export function scrubSecrets(line: string): string {
  return line
    .replace(secretField, `$1"${redactedText}"`)
    .replace(escapedSecretField, `$1\\"${redactedText}\\"`)
    .replace(secretParameter, `$1${redactedText}`)
    .replace(bearer, `$1 ${redactedText}`);
}
