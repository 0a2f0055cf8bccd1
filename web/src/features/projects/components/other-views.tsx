import { panelUpsell } from '@serpwise/contracts';
import { useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { formatNumber } from '@/lib/format';
import { deleteLabels, useLabels } from '../api/labels';
import type { MsfParams } from '../msf';
import { ConfirmDelete } from './confirm-delete';
import { SimpleTable } from '@/components/ui/simple-table';
import { useSelectionAction } from './selection-action';

/** The panel for users who are not full (docs/product/projects.md §1). */
export function PanelUpsell() {
  return (
    <div className="msf-upsell">
      <h3>{panelUpsell.heading}</h3>
      <ul>
        {panelUpsell.bullets.map((bullet) => (
          <li key={bullet}>{bullet}</li>
        ))}
      </ul>
      <p>{panelUpsell.text}</p>
      <a className="button button--primary" href={panelUpsell.href}>
        {panelUpsell.button}
      </a>
    </div>
  );
}

/** An unknown panel route, or a panel never opened (docs/product/projects.md §2). */
export function PanelNotFound({ go }: { go: (route: string) => void }) {
  return (
    <div className="msf-not-found">
      <h3>404</h3>
      <p>This part of your projects does not exist.</p>
      <button type="button" className="button--link" onClick={() => go('projects')}>
        Go to projects
      </button>
    </div>
  );
}

/** Routes named by the documents whose screens come later. */
export function PanelLater({ title }: { title: string }) {
  return (
    <div className="msf-later">
      <h3>{title}</h3>
      <p>This view is not available yet.</p>
    </div>
  );
}

/** Labels of a project (docs/product/projects.md §2): name and keyword count; a row opens its details; selected labels can be deleted. */
export function LabelsView({ projectId, go }: { projectId: string; go: (route: string, params?: MsfParams) => void }) {
  const labels = useLabels(projectId);
  const [selected, setSelected] = useState<string[]>([]);
  const { busy: deleting, confirming, setConfirming, run } = useSelectionAction(() => setSelected([]));
  const rows = labels.data ?? [];
  const remove = () =>
    run(async () => {
      await deleteLabels(projectId, selected);
    });
  if (labels.isLoading) return <Spinner label="Loading labels" />;
  return (
    <section aria-label="Labels">
      {selected.length > 0 && (
        <button type="button" className="button button--small button--danger" onClick={() => setConfirming(true)}>
          Delete
        </button>
      )}
      {rows.length === 0 ? (
        <p className="msf-empty">No labels yet.</p>
      ) : (
        <SimpleTable
          className="msf-table"
          label="Labels of the project"
          columns={[
            {
              cell: (label) => (
                <input
                  type="checkbox"
                  aria-label={`Select ${label.labelName}`}
                  checked={selected.includes(label.labelHash)}
                  onChange={(event) => setSelected((current) => (event.target.checked ? [...current, label.labelHash] : current.filter((hash) => hash !== label.labelHash)))}
                />
              ),
            },
            {
              header: 'Label',
              cell: (label) => (
                <button type="button" className="button--link" onClick={() => go('label-details', { projectId, labelHash: label.labelHash, labelName: label.labelName })}>
                  {label.labelName}
                </button>
              ),
            },
            { header: 'Keywords', cell: (label) => formatNumber(label.numberOfKeywords) },
          ]}
          rows={rows}
          rowKey={(label) => label.labelHash}
        />
      )}
      <ConfirmDelete open={confirming} text="The labels are removed from every keyword." confirmText="Delete" deleting={deleting} onConfirm={() => void remove()} onClose={() => setConfirming(false)} />
    </section>
  );
}
