/** PostgreSQL array literals for `?` parameters (MikroORM's execute passes strings through unchanged). */

/** An int[] literal: '{1,2,3}'. */
export const intArray = (values: readonly number[]) => `{${values.map((value) => String(Math.trunc(value))).join(',')}}`;

/** A uuid[] / text[] literal: each element quoted, quotes and backslashes escaped. */
export const quotedArray = (values: readonly string[]) =>
  `{${values.map((value) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;

/** An ISO string of a date column that may arrive as a Date or a string. */
export const isoOf = (value: Date | string) => new Date(value).toISOString();
