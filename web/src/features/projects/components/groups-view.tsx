import { groupReportSections, projectMessages, type GroupRow, type PdfExportStatus } from '@serpwise/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { notify } from '@/components/ui/notifications';
import { Spinner } from '@/components/ui/spinner';
import { errorsOf } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { projectKeys } from '../api/base';
import { addGroup, deleteGroups, getGroupDetails, renameGroup, useGroups } from '../api/groups';
import type { MsfParams } from '../msf';
import { ConfirmDelete } from './confirm-delete';
import { ValueSparkline } from './value-sparkline';
import { Icon } from '@/components/ui/icons/icon';
import { FactList } from './fact-list';
import { rankChangeTitle } from '../rank-change';
import { useSelectionAction } from './selection-action';
import { newPdfSessionId, sendPdfExport, useExportNotices } from '@/features/exports';
import { useProjects } from '../api/projects';

export const groupReportMessages = {
  oneGroup: 'Select one group for its PDF report, or none for a report of the whole project.',
} as const;

/**
 * "Create PDF Report" (issue 22 point 4): a PDF report of the selected group's tracked keywords, or of the whole
 * project's when no group is selected, followed like any PDF export ('Generating PDF…' → 'Exported PDF').
 */
function useGroupReport(projectId: string, rows: readonly GroupRow[]) {
  const projects = useProjects(true);
  const notices = useExportNotices();
  const [busy, setBusy] = useState(false);
  const create = async (selected: readonly string[]) => {
    if (selected.length > 1) return notify(groupReportMessages.oneGroup, { type: 'info' });
    const project = projects.data?.find((entry) => entry.id === projectId);
    if (!project) return notify(projectMessages.projectNotFound, { type: 'error' });
    const group = rows.find((row) => row.groupHash === selected[0]);
    const fields: Record<string, string> = {
      sessionId: newPdfSessionId(),
      itemName: project.primaryDomainName,
      countryCode: project.territory,
      sectionName: 'groups',
      template: 'Progress',
      projectId,
      ...(group
        ? {
            groupHash: group.groupHash,
            customTitle: `${group.name}: keyword report`,
            elements: JSON.stringify(groupReportSections.map((printId, order) => ({ printId, isSelected: true, order }))),
          }
        : { customTitle: `${project.projectName}: keyword report` }),
    };
    setBusy(true);
    try {
      notices.followPdf((await sendPdfExport('download', fields)) as PdfExportStatus);
    } catch (error) {
      notify(errorsOf(error).join(' '), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { busy, create };
}

const percent = (fraction: number) => `${Math.round(fraction * 1000) / 10}%`;
const signed = (value: number) => (value > 0 ? `+${formatNumber(value)}` : formatNumber(value));

/** The inline 'Create Group' input (docs/product/projects.md §4): hidden; shown and focused by the button; Enter or Save submits; a click outside cancels and clears it. */
function CreateGroup({ onCreate }: { onCreate: (name: string) => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const box = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!open) return;
    input.current?.focus();
    const outside = (event: MouseEvent) => {
      if (box.current && !box.current.contains(event.target as Node)) {
        setOpen(false);
        setName('');
      }
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = name.trim();
    setOpen(false);
    setName('');
    // docs/product/projects.md §5: an empty name is ignored; nothing is created and the input closes.
    if (text) await onCreate(text);
  };
  if (!open)
    return (
      <button type="button" className="button button--small button--primary" onClick={() => setOpen(true)}>
        Create Group
      </button>
    );
  return (
    <form ref={box} className="msf-inline-form" onSubmit={(event) => void submit(event)}>
      <input ref={input} aria-label="Group name" placeholder={projectMessages.groupNamePlaceholder} value={name} onChange={(event) => setName(event.target.value)} />
      <button type="submit" className="button button--small button--primary">
        Save
      </button>
    </form>
  );
}

function GroupDetailsPanel({ projectId, group, comparedTo }: { projectId: string; group: GroupRow; comparedTo: string | null }) {
  const details = useQuery({ queryKey: projectKeys.groupDetails(projectId, group.groupHash), queryFn: () => getGroupDetails(projectId, group.groupHash) });
  if (!details.data) return details.error ? <p role="alert">{errorsOf(details.error).join(' ')}</p> : <Spinner size="x-small" label={`Loading ${group.name}`} />;
  const { groupDetails: d, estClickChangeHistory, impressionShareHistory } = details.data;
  return (
    <FactList
      facts={[
        ['Est click change', <>{signed(d.estClickChange)} <ValueSparkline values={estClickChangeHistory.map((point) => point.value)} label={`Est click change history of ${group.name}`} /></>],
        ['Sum of rank change', <span title={rankChangeTitle(comparedTo)}>{signed(d.rankChange)}</span>],
        ['Newly ranked', formatNumber(d.newlyRankedKeywords)],
        ['Improved ranks', formatNumber(d.improvedRanks)],
        ['Lost ranks', formatNumber(d.lostRanks)],
        ['Keyword distribution', <>Organic {formatNumber(d.organicCount)} · Paid {formatNumber(d.paidCount)} · Both {formatNumber(d.bothCount)}</>],
        ['Impression share', <>{percent(d.impressionShare)} <ValueSparkline values={impressionShareHistory.map((point) => point.value)} label={`Impression share history of ${group.name}`} /></>],
        ['Top of page', percent(d.topOfPagePct)],
      ]}
    />
  );
}

function GroupNameCell({ projectId, group, onOpen }: { projectId: string; group: GroupRow; onOpen: () => void }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(group.name);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setEditing(false);
    const text = name.trim();
    if (!text || text === group.name) return setName(group.name);
    try {
      await renameGroup(projectId, group.groupHash, text);
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
    } catch (error) {
      setName(group.name);
      notify(errorsOf(error).join(' '), { type: 'error' });
    }
  };
  if (editing)
    return (
      <form className="msf-inline-form" onSubmit={(event) => void save(event)}>
        <input aria-label={`New name for ${group.name}`} value={name} onChange={(event) => setName(event.target.value)} autoFocus />
        <button type="submit" className="button button--small">
          Save
        </button>
      </form>
    );
  return (
    <>
      <button type="button" className="button--link" onClick={onOpen}>
        {group.name}
      </button>{' '}
      <button type="button" className="button button--small button--ghost" aria-label={`Rename ${group.name}`} onClick={() => setEditing(true)}>
        <Icon name="edit" />
      </button>
    </>
  );
}

/** Groups (docs/product/projects.md §2): Create Group, Create PDF Report, Delete when selected; rows with rename, details and expand. */
export function GroupsView({ projectId, go }: { projectId: string; go: (route: string, params?: MsfParams) => void }) {
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState('');
  const groups = useGroups(projectId, filter.trim(), 1000);
  const rows = groups.data?.groups ?? [];
  const comparedTo = groups.data?.comparedTo ?? null;
  const [selected, setSelected] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<string[]>([]);
  const present = selected.filter((hash) => rows.some((row) => row.groupHash === hash));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: projectKeys.all });
  const allExpanded = rows.length > 0 && rows.every((row) => expanded.includes(row.groupHash));

  const create = async (name: string) => {
    try {
      const answer = await addGroup(projectId, name);
      notify(answer.message || projectMessages.groupCreated, { type: 'success' });
      refresh();
    } catch (error) {
      notify(errorsOf(error).join(' '), { type: 'error' });
    }
  };
  const { busy: deleting, confirming, setConfirming, run } = useSelectionAction(() => setSelected([]));
  const remove = () =>
    run(async () => {
      await deleteGroups(projectId, present);
    });
  const many = present.length > 1;
  const report = useGroupReport(projectId, rows);

  return (
    <section className="msf-groups" aria-label="Groups">
      <div className="table-toolbar">
        <CreateGroup onCreate={create} />
        <button
          type="button"
          className="button button--small"
          disabled={report.busy}
          title="A PDF report of the selected group's keywords (the whole project's when none is selected)"
          onClick={() => void report.create(present)}
        >
          Create PDF Report
        </button>
        {present.length > 0 && (
          <button type="button" className="button button--small button--danger" onClick={() => setConfirming(true)}>
            Delete
          </button>
        )}
        <span className="table-toolbar__spacer" />
        <input type="search" aria-label="Filter groups" placeholder="Filter groups" value={filter} onChange={(event) => setFilter(event.target.value)} />
      </div>
      {groups.isLoading ? (
        <Spinner label="Loading groups" />
      ) : rows.length === 0 ? (
        <p className="msf-empty">{filter.trim() ? projectMessages.noItemsForFilter : 'No groups yet. Create one to organise the keywords.'}</p>
      ) : (
        <table className="msf-table" aria-label="Groups of the project">
          <thead>
            <tr>
              <th>
                <input
                  type="checkbox"
                  aria-label="Select all groups"
                  checked={present.length === rows.length}
                  onChange={(event) => setSelected(event.target.checked ? rows.map((row) => row.groupHash) : [])}
                />
              </th>
              <th>Name</th>
              <th>Keywords</th>
              <th title={rankChangeTitle(comparedTo)}>Rank change</th>
              <th>Click change</th>
              <th>Impression share</th>
              <th>
                <button type="button" className="button button--small button--ghost" onClick={() => setExpanded(allExpanded ? [] : rows.map((row) => row.groupHash))}>
                  {allExpanded ? 'Collapse all' : 'Expand all'}
                </button>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((group) => {
              const isExpanded = expanded.includes(group.groupHash);
              return [
                <tr key={group.groupHash}>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Select ${group.name}`}
                      checked={present.includes(group.groupHash)}
                      onChange={(event) => setSelected((current) => (event.target.checked ? [...current, group.groupHash] : current.filter((hash) => hash !== group.groupHash)))}
                    />
                  </td>
                  <td>
                    <GroupNameCell projectId={projectId} group={group} onOpen={() => go('group-details', { projectId, groupHash: group.groupHash, groupName: group.name })} />
                  </td>
                  <td>{formatNumber(group.numberOfKeywords)}</td>
                  <td title={rankChangeTitle(comparedTo)}>{signed(group.rankChange)}</td>
                  <td>{signed(group.clickChange)}</td>
                  <td>{percent(group.impressionShare)}</td>
                  <td>
                    <button
                      type="button"
                      className="button button--small button--ghost"
                      aria-expanded={isExpanded}
                      aria-label={`${isExpanded ? 'Collapse' : 'Expand'} ${group.name}`}
                      onClick={() => setExpanded((current) => (isExpanded ? current.filter((hash) => hash !== group.groupHash) : [...current, group.groupHash]))}
                    >
                      {isExpanded ? '▾' : '▸'}
                    </button>
                  </td>
                </tr>,
                isExpanded && (
                  <tr key={`${group.groupHash}-details`} className="msf-table__details">
                    <td colSpan={7}>
                      <GroupDetailsPanel projectId={projectId} group={group} comparedTo={comparedTo} />
                    </td>
                  </tr>
                ),
              ];
            })}
          </tbody>
        </table>
      )}
      <ConfirmDelete
        open={confirming}
        text={many ? projectMessages.groupDeleteConfirmMany : projectMessages.groupDeleteConfirmOne}
        confirmText={many ? projectMessages.groupDeleteButtonMany : projectMessages.groupDeleteButtonOne}
        deleting={deleting}
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      />
    </section>
  );
}
