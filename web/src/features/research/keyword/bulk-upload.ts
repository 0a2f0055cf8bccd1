/** Bulk keyword upload (docs/research-data.md): one keyword per line (commas also separate), at most 1000. */
export const bulkKeywordLimit = 1000;
export const bulkStorageKey = 'serpwise:bulk-upload';

/** The server's own message, checked before sending. */
export function bulkUploadError(keywords: readonly string[]): string | null {
  if (keywords.length === 0) return 'Enter at least one keyword.';
  if (keywords.length > bulkKeywordLimit) return `At most ${bulkKeywordLimit} keywords per upload (you sent ${keywords.length}).`;
  return null;
}
