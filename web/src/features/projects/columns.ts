import { columnChoiceError, projectMessages, type MatchType } from '@serpwise/contracts';

/** The keyword universe's optional columns (docs/product/projects.md §2) and where their visibility is kept (per context). */
export type ColumnContext = 'keywords' | 'groups' | 'labels';

export interface KeywordColumn {
  id: string;
  label: string;
  shown: boolean;
  /** Only keyword-metric columns have broad / phrase / exact forms. */
  matchTypes: boolean;
}

const baseColumns: KeywordColumn[] = [
  { id: 'costPerClick', label: 'Cost per click', shown: true, matchTypes: true },
  { id: 'monthlySearches', label: 'Monthly searches', shown: true, matchTypes: true },
  { id: 'currentRank', label: 'Current rank', shown: true, matchTypes: false },
  { id: 'clickChange', label: 'Click change', shown: true, matchTypes: false },
  { id: 'rankingDifficulty', label: 'Ranking difficulty', shown: false, matchTypes: false },
];

/** In the keywords context the list also offers groups (shown) and labels (hidden). */
export function keywordColumnsFor(context: ColumnContext): KeywordColumn[] {
  if (context !== 'keywords') return baseColumns;
  return [...baseColumns, { id: 'groups', label: 'Groups', shown: true, matchTypes: false }, { id: 'labels', label: 'Labels', shown: false, matchTypes: false }];
}

export interface ColumnChoice {
  visible: string[];
  matchTypes: Record<string, MatchType>;
}

const storageKey = (context: ColumnContext) => `serpwise:msf:columns:${context}`;

export function loadColumnChoice(context: ColumnContext): ColumnChoice {
  const columns = keywordColumnsFor(context);
  const fallback = { visible: columns.filter((column) => column.shown).map((column) => column.id), matchTypes: {} };
  try {
    const saved = JSON.parse(localStorage.getItem(storageKey(context)) ?? 'null') as ColumnChoice | null;
    const visible = saved?.visible?.filter((id) => columns.some((column) => column.id === id)) ?? [];
    if (!saved || columnChoiceError(visible)) return fallback;
    return { visible, matchTypes: saved.matchTypes ?? {} };
  } catch {
    return fallback;
  }
}

export function saveColumnChoice(context: ColumnContext, choice: ColumnChoice): void {
  try {
    localStorage.setItem(storageKey(context), JSON.stringify(choice));
  } catch {
    // Private mode: the choice lasts for the page.
  }
}

/** Shows or hides a column (docs/product/projects.md §5): more than 5 or fewer than 1 is refused with the documented message. */
export function toggleColumn(choice: ColumnChoice, id: string, show: boolean, order: readonly string[]): { choice: ColumnChoice; error: string | null } {
  const wanted = show ? [...new Set([...choice.visible, id])] : choice.visible.filter((column) => column !== id);
  const visible = order.filter((column) => wanted.includes(column));
  const error = columnChoiceError(visible);
  return error ? { choice, error } : { choice: { ...choice, visible }, error: null };
}

/** Changes a column's match type: only for a visible column (docs/product/projects.md §5). */
export function changeMatchType(choice: ColumnChoice, column: KeywordColumn, matchType: MatchType): { choice: ColumnChoice; error: string | null } {
  if (!choice.visible.includes(column.id)) return { choice, error: projectMessages.matchTypeNeedsVisibleColumn(column.label) };
  return { choice: { ...choice, matchTypes: { ...choice.matchTypes, [column.id]: matchType } }, error: null };
}
