import { projectMessages, territories, type ProjectSummary } from '@serpwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { notify } from '@/components/ui/notifications';
import { Spinner } from '@/components/ui/spinner';
import { errorsOf } from '@/lib/api-client';
import { projectKeys } from '../api/base';
import { deleteProject, patchProject, type ProjectChange } from '../api/projects';
import { useProjectPanel } from '../panel-context';
import { ConfirmDelete } from './confirm-delete';

const territoryOptions = territories.map((territory) => ({ value: territory.code, label: territory.name }));

/** What the form asks the server to change: only the fields that differ from the saved project. */
export function projectChange(project: ProjectSummary, form: { name: string; domain: string; territory: string }): ProjectChange {
  const change: ProjectChange = {};
  if (form.name.trim() !== project.projectName) change.projectName = form.name.trim();
  if (form.domain.trim() !== project.primaryDomainName) change.primaryDomainName = form.domain.trim();
  if (form.territory !== project.territory) change.territory = form.territory;
  return change;
}

/** edit-project (docs/product/projects.md §2): the project named by projectId, or a way back when it is gone. */
export function EditProjectView({ projectId }: { projectId: string | undefined }) {
  const panel = useProjectPanel();
  if (!panel.projects) return <Spinner label="Loading projects" />;
  const project = panel.projects.find((entry) => entry.id === projectId);
  if (!project)
    return (
      <p className="msf-empty">
        {projectMessages.projectNotFound}{' '}
        <button type="button" className="button--link" onClick={() => panel.msf.go('projects')}>
          Go to projects
        </button>
      </p>
    );
  return <EditProjectForm key={project.id} project={project} />;
}

/**
 * Rename a project, change its primary domain or territory (PatchProject), or delete it (DeleteProject, after 'Are
 * you absolutely sure?'). Empty fields are refused here without a call; the server's refusals (an invalid domain,
 * a taken name) show as they come; a refused change changes nothing.
 */
function EditProjectForm({ project }: { project: ProjectSummary }) {
  const panel = useProjectPanel();
  const queryClient = useQueryClient();
  const [name, setName] = useState(project.projectName);
  const [domain, setDomain] = useState(project.primaryDomainName);
  const [territory, setTerritory] = useState(project.territory);
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const nameError = name.trim() ? null : projectMessages.projectNameRequired;
  const domainError = domain.trim() ? null : projectMessages.domainRequired;
  const [checked, setChecked] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (nameError || domainError) return setErrors([]);
    const change = projectChange(project, { name, domain, territory });
    if (!Object.keys(change).length) return notify(projectMessages.nothingToSave, { type: 'info' });
    setSaving(true);
    try {
      const saved = await patchProject(project.id, change);
      setErrors([]);
      // The server cleans what was typed (https://www.Shop.example/ → shop.example): show what it kept.
      setName(saved.projectName);
      setDomain(saved.primaryDomainName);
      setTerritory(saved.territory);
      await queryClient.invalidateQueries({ queryKey: projectKeys.all });
      notify(projectMessages.projectSaved(saved.projectName), { type: 'success' });
    } catch (error) {
      setErrors(errorsOf(error));
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteProject(project.id);
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: projectKeys.all });
      notify(projectMessages.projectDeleted(project.projectName), { type: 'success' });
      panel.msf.go('projects');
    } catch (error) {
      setConfirming(false);
      setErrors(errorsOf(error));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <form className="msf-form" aria-label="Edit project" noValidate onSubmit={(event) => void save(event)}>
      <h3>Edit project</h3>
      <TextField label="Project name" name="projectName" value={name} error={checked ? nameError : null} onChange={setName} onBlur={() => setChecked(true)} />
      <TextField label="Primary domain" name="primaryDomainName" placeholder="example.com" value={domain} error={checked ? domainError : null} onChange={setDomain} onBlur={() => setChecked(true)} />
      <SelectField label="Territory" value={territory} options={territoryOptions} onChange={(value) => value && setTerritory(value)} />
      {errors.length > 0 && (
        <div className="alert alert--error" role="alert">
          {errors.join(' ')}
        </div>
      )}
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="button" onClick={() => panel.msf.go('keyword-list', { projectId: project.id })}>
          Open keywords
        </button>
        <span className="table-toolbar__spacer" />
        <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
          Delete project
        </button>
      </div>
      <ConfirmDelete
        open={confirming}
        text={`This deletes "${project.projectName}" with its keywords, groups, labels and outreach records. It cannot be undone.`}
        confirmText="Yes, delete this project"
        deleting={deleting}
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      />
    </form>
  );
}
