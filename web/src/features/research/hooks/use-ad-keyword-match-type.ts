import { useState } from 'react';
import type { MatchType } from '@/components/ui/table/column-picker-rules';

/**
 * The match type picked for a table's ad-keyword column: ResearchTable reports its pickers through
 * onMatchTypesChange (pass the setter), the columns and the copy button read the one it returns.
 */
export function useAdKeywordMatchType(fallback: MatchType = 'broad') {
  const [matchTypes, setMatchTypes] = useState<Record<string, MatchType>>({});
  return [matchTypes.adKeyword ?? fallback, setMatchTypes] as const;
}
