export { columnHeader } from '@serpwise/contracts';

/** The columns of an export: the row's fields in order (the first row's, then any new ones a later row adds). */
export function exportColumnKeys(rows: readonly object[]): string[] {
  const keys: string[] = [];
  for (const row of rows) for (const key of Object.keys(row)) if (!keys.includes(key)) keys.push(key);
  return keys;
}
