import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { notify } from '@/components/ui/notifications';
import { SimpleTable, type SimpleColumn } from '@/components/ui/simple-table';
import { errorsOf } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { projectKeys } from '../api/base';
import { createProject, deleteProject } from '../api/projects';
import { useProjectPanel } from '../panel-context';
import { KeywordCountWidget } from './keyword-count-widget';
import { RowDelete } from './row-delete';
import { InputField } from '@/components/form/input-field';

/** The projects list: open one (it becomes active), create one, delete one (trash, then Delete / Keep). */
export function ProjectsView() {
  const panel = useProjectPanel();
  const queryClient = useQueryClient();
  const projects = panel.projects ?? [];
  const remove = async (projectId: string) => {
    try {
      await deleteProject(projectId);
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
    } catch (error) {
      notify(errorsOf(error).join(' '), { type: 'error' });
    }
  };
  const columns: SimpleColumn<(typeof projects)[number]>[] = [
    {
      header: 'Project',
      cell: (project) => (
        <button
          type="button"
          className="button--link"
          onClick={() => {
            panel.setActiveProject(project.id);
            panel.msf.go('keyword-list', { projectId: project.id });
          }}
        >
          {project.projectName}
        </button>
      ),
    },
    { header: 'Domain', cell: (project) => project.primaryDomainName },
    { header: 'Keywords', cell: (project) => formatNumber(project.keywordCount) },
    { header: 'Groups', cell: (project) => formatNumber(project.groupCount) },
    {
      cell: (project) => (
        <button type="button" className="button button--small" aria-label={`Edit ${project.projectName}`} onClick={() => panel.msf.go('edit-project', { projectId: project.id })}>
          Edit
        </button>
      ),
    },
    { cell: (project) => <RowDelete name={project.projectName} onDelete={() => remove(project.id)} /> },
  ];
  return (
    <section aria-label="Projects">
      <KeywordCountWidget isLoggedIn={panel.isLoggedIn} isFullUser={panel.isFullUser} />
      <div className="table-toolbar">
        <h3>Projects</h3>
        <span className="table-toolbar__spacer" />
        <button type="button" className="button button--small button--primary" onClick={() => panel.msf.go('create-project')}>
          Create project
        </button>
      </div>
      {!panel.projects ? (
        <p>Loading projects…</p>
      ) : projects.length === 0 ? (
        <p className="msf-empty">No projects yet. Create one to start saving keywords.</p>
      ) : (
        <SimpleTable className="msf-table" label="Your projects" columns={columns} rows={projects} rowKey={(project) => project.id} />
      )}
    </section>
  );
}

/** create-project: a new project becomes active; a pending import then runs into it. */
export function CreateProjectView({ initialName = '' }: { initialName?: string }) {
  const panel = useProjectPanel();
  const queryClient = useQueryClient();
  const [name, setName] = useState(initialName);
  const [domain, setDomain] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const answer = await createProject(name, domain.trim());
      panel.setActiveProject(answer.id);
      await queryClient.invalidateQueries({ queryKey: projectKeys.all });
      if (panel.state.pendingImport) await panel.runPending();
      else panel.msf.go('keyword-list', { projectId: answer.id });
    } catch (error) {
      setErrors(errorsOf(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form className="msf-form" aria-label="Create project" onSubmit={(event) => void submit(event)}>
      <h3>Create project</h3>
      <InputField label="Project name" value={name} onChange={setName} required />
      <InputField label="Primary domain" value={domain} placeholder="example.com" onChange={setDomain} required />
      {errors.length > 0 && (
        <div className="alert alert--error" role="alert">
          {errors.join(' ')}
        </div>
      )}
      <button type="submit" className="button button--primary" disabled={saving}>
        Create project
      </button>
    </form>
  );
}
