import { z } from 'zod';
import { defaultPageSize, pageSizes } from '../tables/pagination.js';

/** The query fields the admin pages' filters share (audit log, job search): one wording of each error. */

/** An optional text filter; empty is no filter. */
export const optionalText = (name: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${name} must be at most ${max} characters.`)
    .optional()
    .transform((value) => (value ? value : undefined));

/** An optional date and time (ISO 8601); empty is no filter. */
export const optionalTime = (name: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || !Number.isNaN(Date.parse(value)), `${name} must be a date and time (ISO 8601).`);

/** The page window of an admin table: the app's start row and page sizes. */
export const pageWindowFields = {
  startRow: z.coerce.number({ error: 'startRow must be a whole number from 1.' }).int('startRow must be a whole number from 1.').min(1, 'startRow must be a whole number from 1.').default(1),
  pageSize: z.coerce
    .number()
    .refine((size) => (pageSizes as readonly number[]).includes(size), `pageSize must be one of ${pageSizes.join(', ')}.`)
    .default(defaultPageSize),
};

/** from ≤ to, when both are given (the refine of a query with both). */
export const timesInOrder: [(query: { from?: string | undefined; to?: string | undefined }) => boolean, { message: string; path: string[] }] = [
  (query) => !query.from || !query.to || Date.parse(query.from) <= Date.parse(query.to),
  { message: 'from must not be after to.', path: ['from'] },
];
