import { exportResumeCheckpoint, exportResumeSchema, exportSpreadsheetCheckpoint, exportSpreadsheetSchema, type ExportResumePoint, type ExportSpreadsheet } from '@serpwise/contracts';
import type { BuiltQuery, KeyValues } from '@serpwise/research';
import { createHash } from 'node:crypto';

/**
 * What an export attempt would write, as one hash: the table's whole query with its parameters (the resolved month,
 * the viewer, the sort and filter), the columns withheld by the plan and the row limits, and the format. A retry
 * resumes only an earlier attempt with the same fingerprint: when the warehouse's newest month moved on, or the plan
 * changed, or the data's source (new data landed), in between, the retry writes the file an export started now
 * would write, from row 1.
 */
export function exportFingerprint(what: { format: string; query: BuiltQuery | null; withhold: readonly string[]; limits: readonly number[]; provenance?: object }): string {
  const { format, query, withhold, limits, provenance } = what;
  const text = JSON.stringify([format, query?.sql ?? null, query?.params ?? null, query?.keyset?.orderSql ?? null, [...withhold], [...limits], provenance ?? null]);
  return createHash('sha256').update(text).digest('hex');
}

/** The resume point an earlier attempt saved in the job's checkpoint, or null (none, or not one this code reads). */
export function resumePointOf(checkpoint: Record<string, unknown> | null): ExportResumePoint | null {
  const parsed = exportResumeSchema.safeParse(checkpoint?.[exportResumeCheckpoint]);
  return parsed.success ? parsed.data : null;
}

/** The spreadsheet a Sheets export's attempts made, as its checkpoint records it; null when none was made. */
export function spreadsheetOf(checkpoint: Record<string, unknown> | null): ExportSpreadsheet | null {
  const made = exportSpreadsheetSchema.safeParse(checkpoint?.[exportSpreadsheetCheckpoint]);
  if (made.success) return made.data;
  return resumePointOf(checkpoint)?.sheet ?? null;
}

export const sameKey = (a: KeyValues | null, b: KeyValues | null) => a !== null && b !== null && a.length === b.length && a.every((value, index) => value === b[index]);

/**
 * The key of the last of the first `taken` rows, and how many rows before it (it included) have that same key;
 * `keyAt` gives row i's key (a batch works a key out when asked: only the last rows' are).
 */
export function tiesAtEnd(keyAt: (index: number) => KeyValues, taken: number): { key: KeyValues; count: number } {
  const key = keyAt(taken - 1);
  let count = 1;
  while (count < taken && sameKey(keyAt(taken - 1 - count), key)) count += 1;
  return { key, count };
}
