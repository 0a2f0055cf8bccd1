import { allProjectsId, isAllProjects, projectLimits } from '@serpwise/contracts';
import { useEffect, useRef, useState } from 'react';
import { useDismiss } from '@/components/ui/use-dismiss';
import { useProjectPanel } from '../panel-context';
import { recentProjects } from '../panel-state';

/**
 * The panel's project selector (docs/product/projects.md §2, §9): the active project; hovering it 200 ms (or a click)
 * opens a menu of the 4 recent projects, All Projects and the whole list; it closes 300 ms after the pointer leaves,
 * on Escape or a press outside. Choosing a project makes it active and opens its keywords.
 */
export function ProjectSelector() {
  const panel = useProjectPanel();
  const { go } = panel.msf;
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const root = useRef<HTMLDivElement>(null);
  useDismiss(open, root, () => setOpen(false));
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const after = (ms: number, value: boolean) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setOpen(value), ms);
  };
  const recent = recentProjects(panel.projects ?? [], panel.state.recentProjectIds, projectLimits.selectorRecentProjects);
  const choose = (projectId: string) => {
    window.clearTimeout(timer.current);
    setOpen(false);
    panel.setActiveProject(projectId);
    if (isAllProjects(projectId)) go('projects');
    else go('keyword-list', { projectId });
  };
  const active = panel.activeProject;
  return (
    <div
      ref={root}
      className="msf-selector"
      onMouseEnter={() => after(projectLimits.selectorOpenDelayMs, true)}
      onMouseLeave={() => after(projectLimits.selectorCloseDelayMs, false)}
    >
      <span className="msf-selector__label">Project</span>
      <button
        type="button"
        className="msf-selector__toggle"
        aria-label={`Switch project (active: ${active?.projectName ?? 'All Projects'})`}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => {
          window.clearTimeout(timer.current);
          setOpen(!open);
        }}
      >
        {active?.projectName ?? 'All Projects'} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div className="msf-selector__menu" role="menu" aria-label="Recent projects">
          {recent.map((project) => (
            <button key={project.id} type="button" role="menuitem" aria-current={project.id === active?.id ? 'true' : undefined} onClick={() => choose(project.id)}>
              {project.projectName} <small>{project.primaryDomainName}</small>
            </button>
          ))}
          <button type="button" role="menuitem" aria-current={!active ? 'true' : undefined} onClick={() => choose(allProjectsId)}>
            All Projects
          </button>
          <button
            type="button"
            role="menuitem"
            className="msf-selector__all"
            onClick={() => {
              setOpen(false);
              go('projects');
            }}
          >
            See all projects ({(panel.projects ?? []).length})
          </button>
        </div>
      )}
    </div>
  );
}
