/**
 * Where empty values go in a sort (docs/product/site.md §9): with 'high' they count as the highest values (first in a
 * descending sort), with 'low' (the default) as the lowest.
 */
export const nullsClause = (direction: 'asc' | 'desc', emptyValues: 'high' | 'low' = 'low') =>
  (emptyValues === 'high') === (direction === 'desc') ? 'nulls first' : 'nulls last';
