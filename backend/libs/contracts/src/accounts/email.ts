/**
 * The documented e-mail rule (docs/product/site.md §5): a local part without angle brackets, parentheses, brackets,
 * backslash, commas, semicolons, colons, spaces or @ and without dots at its ends (a quoted string is allowed),
 * then an IPv4 literal in brackets or dot-separated labels ending in a top-level label of two or more letters.
 */
const emailPattern =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-z\-0-9]+\.)+[a-z]{2,}))$/i;

/** Longest address accepted (RFC 5321's path limit); the documents set none. */
export const maxEmailLength = 254;

export function isValidEmail(value: string): boolean {
  return value.length <= maxEmailLength && emailPattern.test(value);
}

/** E-mail addresses are compared and stored trimmed and lower-cased. */
export const normalizeEmail = (value: string) => value.trim().toLowerCase();

/** Registration password: at least 6 characters after trimming. */
export const minPasswordLength = 6;
/** Upper bound so a hash cannot be made to cost arbitrary time (not documented; docs/decisions.md). */
export const maxPasswordLength = 200;

export const isAcceptablePassword = (value: string) => {
  const trimmed = value.trim();
  return trimmed.length >= minPasswordLength && value.length <= maxPasswordLength;
};
