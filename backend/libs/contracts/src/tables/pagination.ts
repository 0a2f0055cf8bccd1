import { z } from 'zod';

/** docs/product/site.md §9: the page sizes a table offers, 20 by default. */
export const pageSizes = [20, 50, 100, 250, 500, 1000] as const;
export const defaultPageSize = 20;

export const pageRequestSchema = z.object({
  /** First row to show, counted from 1 (docs/product/site.md §5: start row minimum 1). */
  startRow: z.coerce.number().int().min(1, 'The start row must be 1 or more.').default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((size) => (pageSizes as readonly number[]).includes(size), `The page size must be one of ${pageSizes.join(', ')}.`)
    .default(defaultPageSize),
});
export type PageRequest = z.infer<typeof pageRequestSchema>;
