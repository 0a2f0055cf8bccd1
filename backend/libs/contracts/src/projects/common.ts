import { z } from 'zod';
import { projectLimits } from './limits.js';

/**
 * Shared pieces of the /NsaApi/MySerpwise request schemas. Unknown fields are refused so typos surface; the countryCode
 * the web client adds to every /NsaApi/ call is dropped before validation, in one place (the API's validation pipe,
 * docs/decisions.md issue 24).
 */
export const nsaCall = <T extends z.ZodRawShape>(shape: T) => z.object(shape).strict();

export const projectIdField = z.uuid('The project id must be a UUID.');
export const groupHashField = z.uuid('The group hash must be a UUID.');
export const labelHashField = z.uuid('The label hash must be a UUID.');
export const urlIdField = z.uuid('The url id must be a UUID.');
export const domainIdField = z.uuid('The domain id must be a UUID.');

/** A comma-separated list of ids, each checked; blanks between commas are ignored. */
const csvOf = <T>(name: string, max: number, parse: (piece: string) => T | null) =>
  z
    .union([z.string(), z.number()])
    .transform((value, context) => {
      const pieces = String(value)
        .split(',')
        .map((piece) => piece.trim())
        .filter(Boolean);
      const parsed: T[] = [];
      for (const piece of pieces) {
        const item = parse(piece);
        if (item === null) {
          context.addIssue({ code: 'custom', message: `${name} must list ids separated by commas; "${piece.slice(0, 40)}" is not one.` });
          return z.NEVER;
        }
        parsed.push(item);
      }
      if (parsed.length > max) {
        context.addIssue({ code: 'custom', message: `${name} may list at most ${max.toLocaleString('en-US')} ids.` });
        return z.NEVER;
      }
      return [...new Set(parsed)];
    });

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const termIdsCsvField = csvOf('termIdsCsv', projectLimits.maxTermIdsPerCall, (piece) =>
  /^\d{1,10}$/.test(piece) && Number(piece) > 0 && Number(piece) <= 2_147_483_647 ? Number(piece) : null,
);
export const uuidCsvField = (name: string, max = 1000) => csvOf(name, max, (piece) => (uuidPattern.test(piece) ? piece.toLowerCase() : null));

/** Names separated by commas (groupNameCsv, labelNameCsv), trimmed, repeats (ignoring case) dropped. */
export const nameCsvField = (name: string) =>
  z
    .string()
    .max(10_000)
    .transform((value, context) => {
      const names: string[] = [];
      for (const piece of value.split(',')) {
        const text = piece.trim().replace(/\s+/g, ' ');
        if (!text) continue;
        if (text.length > 120) {
          context.addIssue({ code: 'custom', message: `${name}: a name is at most 120 characters.` });
          return z.NEVER;
        }
        if (!names.some((known) => known.toLowerCase() === text.toLowerCase())) names.push(text);
      }
      return names;
    });

/** A query-string boolean. */
export const queryBoolean = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((value) => value === true || value === 'true');

/** A calendar date, YYYY-MM-DD. */
export const dateField = z.iso.date('Use a date like 2026-11-22.');

/** A name: trimmed, inner spaces collapsed, 1 to 120 characters. */
export const nameField = (required: string) =>
  z
    .string()
    .transform((value) => value.trim().replace(/\s+/g, ' '))
    .pipe(z.string().min(1, required).max(120, 'A name is at most 120 characters.'));

/** Plain answer of a change that has nothing else to say. */
export interface ActionAnswer {
  isSuccessful: true;
  message?: string;
}
