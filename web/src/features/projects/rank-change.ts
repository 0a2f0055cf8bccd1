import { projectMessages } from '@serpwise/contracts';
import { formatMonth } from '@/lib/format';

/**
 * The rank change tooltip (docs/product/projects.md §2 says it names the prior period): the month the change is
 * measured from, as the API's comparedTo says ('Change since Oct 2026'; the warehouse is monthly).
 */
export const rankChangeTitle = (comparedTo: string | null) => projectMessages.rankChangeSince(comparedTo ? formatMonth(comparedTo) : null);
