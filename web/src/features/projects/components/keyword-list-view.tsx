import { projectLimits, projectMessages, type KeywordRow, type KeywordSortColumn } from '@serpwise/contracts';
import { useEffect, useMemo, useState } from 'react';
import { SelectOptions } from '@/components/form/select-field';
import { notify } from '@/components/ui/notifications';
import type { ColumnDef } from '@/components/ui/table/columns';
import { DataTable } from '@/components/ui/table/data-table';
import { Pagination } from '@/components/ui/table/pagination';
import type { RowSelection } from '@/components/ui/table/row-selection';
import type { SortState } from '@/components/ui/table/sort-cycle';
import { errorsOf } from '@/lib/api-client';
import { useGroups, removeKeywordsFromGroup } from '../api/groups';
import { deleteKeywordsFromProject, migrateToGroup, useKeywordList } from '../api/keywords';
import { useProjectRankUpdates } from '../api/rank-updates';
import { addKeywordsToLabel, removeKeywordsFromLabel } from '../api/labels';
import { keywordColumnsFor, loadColumnChoice, saveColumnChoice, type ColumnContext } from '../columns';
import { ConfirmDelete } from './confirm-delete';
import { exportRowsAsCsv } from './export-rows';
import { KeywordColumnPicker } from './keyword-column-picker';
import { useSelectionAction } from './selection-action';

/** The selection after a reload keeps only rows still present (docs/product/projects.md §2). */
export const keptSelection = (selected: readonly string[], rows: readonly KeywordRow[]) => {
  const present = new Set(rows.map((row) => String(row.termId)));
  return selected.filter((key) => present.has(key));
};

const columnDefs: Record<string, ColumnDef<KeywordRow>> = {
  costPerClick: { key: 'costPerClick', label: 'Cost per click', kind: 'number', format: 'currency' },
  monthlySearches: { key: 'monthlySearches', label: 'Monthly searches', kind: 'number', format: 'number' },
  currentRank: { key: 'currentRank', label: 'Current rank', kind: 'number', format: 'position', emptyValues: 'high' },
  clickChange: { key: 'clickChange', label: 'Click change', kind: 'number', format: 'change' },
  rankingDifficulty: { key: 'rankingDifficulty', label: 'Ranking difficulty', kind: 'number', format: 'number' },
  groups: { key: 'groups', label: 'Groups', kind: 'text', value: (row) => row.groupsCsv },
  labels: { key: 'labels', label: 'Labels', kind: 'text', value: (row) => row.labelsCsv },
};

export interface KeywordListViewProps {
  projectId: string;
  context: ColumnContext;
  groupHash?: string;
  groupName?: string;
  labelHash?: string;
  labelName?: string;
  caption: string;
  /** Opens a keyword's details (keyword-details); without it the keyword is plain text. */
  onOpen?: (row: KeywordRow) => void;
}

/**
 * The keyword universe (docs/product/projects.md §2): filter, sorting, paging, selection with select-all, the column picker (visibility
 * kept per context), and actions to move, remove or (in a group) export the keywords.
 */
export function KeywordListView({ projectId, context, groupHash, groupName, labelHash, labelName, caption, onOpen }: KeywordListViewProps) {
  const [filterText, setFilterText] = useState('');
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<SortState | null>(null);
  const [page, setPage] = useState<{ startRow: number; pageSize: number }>({ startRow: projectLimits.keywordListDefaultStartRow, pageSize: projectLimits.keywordListDefaultPageSize });
  const [choice, setChoice] = useState(() => loadColumnChoice(context));
  const [selected, setSelected] = useState<string[]>([]);
  const [target, setTarget] = useState('');
  const [label, setLabel] = useState('');
  const columns = keywordColumnsFor(context);

  useEffect(() => {
    const timer = setTimeout(() => setFilter(filterText.trim()), 350);
    return () => clearTimeout(timer);
  }, [filterText]);

  const params = {
    projectId,
    filterTerm: filter,
    ...(sort ? { sortColumn: sort.column as KeywordSortColumn, sortOrder: sort.direction } : {}),
    rowsToDisplay: page.pageSize,
    startRow: page.startRow,
    ...(groupHash ? { groupHash } : {}),
    ...(labelHash ? { labelHash } : {}),
  };
  const list = useKeywordList(params);
  useProjectRankUpdates(projectId);
  const groups = useGroups(projectId, '', 1000);
  const rows = useMemo(() => list.data?.keywords ?? [], [list.data]);
  const kept = keptSelection(selected, rows);
  const selection: RowSelection = { selected: kept, onChange: setSelected, clear: () => setSelected([]) };
  const selectedIds = kept.map(Number);

  const shown: ColumnDef<KeywordRow>[] = [
    {
      key: 'keyword',
      label: 'Keyword',
      kind: 'text',
      sticky: true,
      ...(onOpen && {
        render: (row: KeywordRow) => (
          <button type="button" className="button--link" title={`Details of ${row.keyword}`} onClick={() => onOpen(row)}>
            {row.keyword}
          </button>
        ),
      }),
    },
    ...choice.visible.map((id) => {
      const column = columnDefs[id]!;
      const matchType = choice.matchTypes[id];
      return matchType && matchType !== 'broad' ? { ...column, label: `${column.label} (${matchType})` } : column;
    }),
  ];

  const { busy, confirming, setConfirming, run: act } = useSelectionAction(() => setSelected([]));
  const remove = () =>
    act(() =>
      groupHash
        ? removeKeywordsFromGroup(projectId, groupHash, selectedIds)
        : labelName
          ? removeKeywordsFromLabel(projectId, labelName, selectedIds)
          : deleteKeywordsFromProject(projectId, selectedIds),
    );
  const moveTargets = (groups.data?.groups ?? []).filter((group) => group.groupHash !== groupHash);

  return (
    <section className="msf-keywords" aria-label={caption}>
      <div className="table-toolbar">
        <input type="search" aria-label="Filter keywords" placeholder="Filter keywords" value={filterText} onChange={(event) => setFilterText(event.target.value)} />
        <span className="table-toolbar__spacer" />
        <KeywordColumnPicker
          columns={columns}
          choice={choice}
          onChange={(next) => {
            setChoice(next);
            saveColumnChoice(context, next);
          }}
        />
        {groupHash && (
          <button
            type="button"
            className="button button--small"
            disabled={!rows.length}
            onClick={() =>
              void exportRowsAsCsv(
                `${groupName ?? 'group'} keywords`,
                rows.map((row) => ({ keyword: row.keyword, monthlySearches: row.monthlySearches, costPerClick: row.costPerClick, currentRank: row.currentRank, rankChange: row.rankChange, clickChange: row.clickChange, rankingDifficulty: row.rankingDifficulty })),
              ).catch((error: unknown) => notify(errorsOf(error).join(' '), { type: 'error' }))
            }
          >
            Export group
          </button>
        )}
      </div>
      {kept.length > 0 && (
        <div className="selection-bar" role="region" aria-label="Selected keywords">
          <span>
            <strong>{kept.length}</strong> selected
          </span>
          <label>
            <span className="visually-hidden">Move to group</span>
            <select aria-label="Move to group" value={target} onChange={(event) => setTarget(event.target.value)}>
              <option value="">Move to group…</option>
              <SelectOptions options={moveTargets.map((group) => ({ value: group.groupHash, label: group.name }))} />
            </select>
          </label>
          <button type="button" className="button button--small" disabled={!target || busy} onClick={() => void act(() => migrateToGroup(projectId, target, selectedIds, groupHash))}>
            Move
          </button>
          <input aria-label="Label name" placeholder="Label name" value={label} onChange={(event) => setLabel(event.target.value)} />
          <button
            type="button"
            className="button button--small"
            disabled={!label.trim() || busy}
            onClick={() =>
              void act(async () => {
                const answer = await addKeywordsToLabel(projectId, label.trim(), selectedIds);
                setLabel('');
                return answer;
              })
            }
          >
            Add label
          </button>
          <button type="button" className="button button--small button--danger" disabled={busy} onClick={() => setConfirming(true)}>
            {groupHash ? 'Remove from group' : labelHash ? 'Remove from label' : 'Remove from project'}
          </button>
          <button type="button" className="button button--small button--ghost" onClick={() => setSelected([])}>
            Clear selection
          </button>
        </div>
      )}
      {list.error ? (
        <div className="alert alert--error" role="alert">
          {errorsOf(list.error).join(' ')}
        </div>
      ) : (
        <>
          <DataTable
            caption={caption}
            columns={shown}
            rows={rows}
            rowKey={(row) => String(row.termId)}
            sort={sort}
            onSortChange={(next) => {
              setSort(next);
              setPage((current) => ({ ...current, startRow: 1 }));
            }}
            selection={selection}
            loading={list.isFetching && !list.data}
            emptyMessage={filter ? projectMessages.noItemsForFilter : 'No keywords here yet. Add keywords from any research table.'}
          />
          {list.data && list.data.totalRowCount > 0 && (
            <Pagination startRow={page.startRow} pageSize={page.pageSize} totalRows={list.data.totalRowCount} noun="keywords" onChange={setPage} />
          )}
        </>
      )}
      <ConfirmDelete
        open={confirming}
        text={`Remove ${kept.length} keyword${kept.length === 1 ? '' : 's'}?`}
        confirmText="Remove"
        deleting={busy}
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      />
    </section>
  );
}
