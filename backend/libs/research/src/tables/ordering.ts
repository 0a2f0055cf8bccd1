/**
 * Where empty (unknown) values go in a sort. Without a choice they go last whatever the direction: an unknown volume
 * or CPC is neither the smallest nor the largest (docs/decisions.md, issue 19). A request may place them as the
 * table's spec allows (docs/product/site.md §9): 'high' counts them as the highest values (first in a descending
 * sort), 'low' as the lowest (first in an ascending one).
 */
export const nullsClause = (direction: 'asc' | 'desc', emptyValues?: 'high' | 'low') => {
  if (emptyValues === undefined) return 'nulls last';
  return (emptyValues === 'high') === (direction === 'desc') ? 'nulls first' : 'nulls last';
};
