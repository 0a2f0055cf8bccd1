import { isAllProjects, projectLimits } from '@serpwise/contracts';
import { useEffect, type ReactNode } from 'react';
import { useGroups } from '../api/groups';
import { allProjectsRoutes, isPanelRoute, type PanelRoute } from '../msf';
import { panelStore } from '../panel-state';
import { useProjectPanel } from '../panel-context';
import { GroupsView } from './groups-view';
import { ImportProgressView } from './import-progress-view';
import { KeywordListView } from './keyword-list-view';
import { EditProjectView } from './edit-project-view';
import { KeywordDetailsView } from './keyword-details-view';
import { ProjectSelector } from './project-selector';
import { LabelsView, PanelLater, PanelNotFound, PanelUpsell } from './other-views';
import { ContactDetailsView } from './outreach/contact-details';
import { LinkDetailsView } from './outreach/link-details';
import { OutreachList } from './outreach/outreach-lists';
import { WebsiteDetailsView } from './outreach/website-details';
import { KeywordImportView, OutreachImportView } from './project-import-views';
import { CreateProjectView, ProjectsView } from './projects-view';
import { SelectProjectModal, SignUpOverlay } from './select-project-modal';
import '../projects.css';
import { Icon } from '@/components/ui/icons/icon';

/** The sidebar tab text (docs/product/projects.md §2). */
export const tabText = (projectName: string | null, groupName: string | null) =>
  `Project: ${projectName ?? 'All Projects'}${groupName ? ` - Group: ${groupName}` : ''}`;

function Navigation() {
  const panel = useProjectPanel();
  const { go, location } = panel.msf;
  const projectId = isAllProjects(panel.state.activeProjectId) ? null : panel.state.activeProjectId;
  const groups = useGroups(projectId);
  const route = location?.route;
  const item = (label: ReactNode, target: PanelRoute, params = {}, current: string[] = [target]) => (
    <li>
      <button type="button" className="msf-nav__item" aria-current={route && current.includes(route) ? 'page' : undefined} onClick={() => go(target, params)}>
        {label}
      </button>
    </li>
  );
  const shownGroups = groups.data?.groups.slice(0, projectLimits.navigationGroups) ?? [];
  return (
    <nav className="msf-nav" aria-label="Projects navigation">
      <ProjectSelector />
      <ul>
        {item('Projects', 'projects', {}, ['projects', 'create-project', 'edit-project'])}
        {projectId && (
          <>
            {item('Keyword Universe', 'keyword-list', { projectId }, ['keyword-list', 'keyword-details'])}
            {item('Groups', 'groups', { projectId }, ['groups', 'group-details'])}
            {shownGroups.length > 0 && (
              <li>
                <ul className="msf-nav__children">
                  {shownGroups.map((group) => (
                    <li key={group.groupHash}>
                      <button type="button" className="msf-nav__item" onClick={() => go('group-details', { projectId, groupHash: group.groupHash, groupName: group.name })}>
                        {group.name}
                      </button>
                    </li>
                  ))}
                  {(groups.data?.totalRowCount ?? 0) > projectLimits.navigationGroups && (
                    <li>
                      <button type="button" className="msf-nav__item" onClick={() => go('groups', { projectId })}>
                        More...
                      </button>
                    </li>
                  )}
                </ul>
              </li>
            )}
            {item('Labels', 'labels', { projectId }, ['labels', 'label-details'])}
          </>
        )}
      </ul>
      <ul aria-label="Outreach">
        {item('Websites', 'websites', {}, ['websites', 'website-details'])}
        {item('Links', 'links', {}, ['links', 'link-details'])}
        {item('Contacts', 'contacts', {}, ['contacts', 'contacts-details'])}
      </ul>
      <ul>{item(<><Icon name="calendar" /> History</>, 'history')}</ul>
    </nav>
  );
}

/** The way into an import view from the list it fills. */
function ImportLink({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <p className="msf-import-link">
      <button type="button" className="button button--small" onClick={onClick}>
        {label}
      </button>
    </p>
  );
}

function RouteView() {
  const panel = useProjectPanel();
  const { location, go } = panel.msf;
  const params = location?.params ?? {};
  const routeProjectId = params.projectId ?? (isAllProjects(panel.state.activeProjectId) ? null : panel.state.activeProjectId);

  // A route with a projectId makes that project active; group-details makes its group active.
  useEffect(() => {
    if (params.projectId) panel.setActiveProject(params.projectId);
    if (location?.route === 'group-details' && params.groupHash) panelStore.set({ activeGroupId: params.groupHash, activeGroupName: params.groupName ?? null, activeLabelId: null });
    else if (location?.route === 'label-details' && params.labelHash) panelStore.set({ activeLabelId: params.labelHash, activeGroupId: null, activeGroupName: null });
    else if (location) panelStore.set({ activeGroupId: null, activeGroupName: null, activeLabelId: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location?.route, params.projectId, params.groupHash, params.labelHash]);

  if (!location || !isPanelRoute(location.route)) return <PanelNotFound go={go} />;
  const route = location.route;
  // A running import is followed whatever project is active (an outreach import may be into All Projects).
  if (route === 'import-progress') return <ImportProgressView params={params} go={go} />;
  const needsProject = !allProjectsRoutes.has(route);
  if (needsProject && !routeProjectId) return <ProjectsView />;
  const projectId = routeProjectId ?? undefined;
  const projectName = panel.projects?.find((project) => project.id === projectId)?.projectName ?? 'the project';
  const openKeyword = (row: { termId: number }) => go('keyword-details', { projectId: projectId!, termId: String(row.termId) });
  switch (route) {
    case 'projects':
      return <ProjectsView />;
    case 'create-project':
      return <CreateProjectView initialName={params.name ?? ''} />;
    case 'edit-project':
      return <EditProjectView key={params.projectId} projectId={params.projectId} />;
    case 'keyword-list':
      return (
        <>
          <ImportLink label="Import keywords" onClick={() => go('keyword-import', { projectId: projectId! })} />
          <KeywordListView key={projectId} projectId={projectId!} context="keywords" caption={`Keywords of ${projectName}`} onOpen={openKeyword} />
        </>
      );
    case 'keyword-details':
      return <KeywordDetailsView key={params.termId} projectId={projectId!} termId={/^\d+$/.test(params.termId ?? '') ? Number(params.termId) : null} go={go} />;
    case 'groups':
      return <GroupsView projectId={projectId!} go={go} />;
    case 'group-details':
      return (
        <>
          <h3>Group: {params.groupName}</h3>
          <KeywordListView key={params.groupHash} projectId={projectId!} context="groups" groupHash={params.groupHash} groupName={params.groupName} caption={`Keywords of group ${params.groupName ?? ''}`} onOpen={openKeyword} />
        </>
      );
    case 'labels':
      return <LabelsView projectId={projectId!} go={go} />;
    case 'label-details':
      return (
        <>
          <h3>Label: {params.labelName}</h3>
          <KeywordListView key={params.labelHash} projectId={projectId!} context="labels" labelHash={params.labelHash} labelName={params.labelName} caption={`Keywords of label ${params.labelName ?? ''}`} onOpen={openKeyword} />
        </>
      );
    case 'websites':
      return (
        <>
          <ImportLink label="Import websites, links and contacts" onClick={() => go('outreach-import', projectId ? { projectId } : {})} />
          <OutreachList kind={route} projectId={projectId} go={go} />
        </>
      );
    case 'links':
    case 'contacts':
    case 'history':
      return <OutreachList kind={route} projectId={projectId} go={go} />;
    case 'keyword-import':
      return <KeywordImportView key={projectId} projectId={projectId!} projectName={projectName} />;
    case 'outreach-import':
      return <OutreachImportView projectId={projectId} go={go} />;
    case 'link-details':
      return params.urlId ? <LinkDetailsView key={params.urlId} urlId={params.urlId} projectId={params.projectId} go={go} /> : <OutreachList kind="links" projectId={projectId} go={go} />;
    case 'website-details':
      return params.domainId ? <WebsiteDetailsView key={params.domainId} domainId={params.domainId} go={go} /> : <OutreachList kind="websites" projectId={projectId} go={go} />;
    case 'contacts-details':
      return params.contactId ? <ContactDetailsView key={params.contactId} contactId={params.contactId} go={go} /> : <OutreachList kind="contacts" projectId={projectId} go={go} />;
    default:
      return <PanelLater title={route} />;
  }
}

/**
 * The saved-keywords side panel (docs/product/projects.md §2, §4): the tab toggles it; its route rides in the page query; full users get
 * the project area, everyone else the upsell. Hidden on mobile (CSS).
 */
export function SidePanel() {
  const panel = useProjectPanel();
  const { msf } = panel;
  return (
    <div className="msf">
      <button type="button" className={`msf-tab${panel.bouncing ? ' msf-tab--bounce' : ''}`} aria-expanded={msf.isOpen} onClick={msf.toggle}>
        {tabText(panel.activeProject?.projectName ?? null, panel.state.activeGroupName)}
      </button>
      {msf.isOpen && (
        <>
          <div className="msf-backdrop" data-testid="msf-backdrop" onClick={msf.close} />
          <aside className={`msf-panel${msf.opening ? ' msf-panel--opening' : ''}`} role="dialog" aria-label="Projects panel" data-opening={msf.opening ? 'true' : 'false'}>
            <header className="msf-panel__header">
              <h2>MySerpwise</h2>
              <button type="button" className="button button--small button--ghost" aria-label="Close projects panel" onClick={msf.close}>
                ×
              </button>
            </header>
            {panel.isFullUser ? (
              <div className="msf-panel__layout">
                <Navigation />
                <div key={msf.location ? msf.location.route : ''} className={`msf-content${msf.opening ? '' : ` msf-content--${msf.direction}`}`}>
                  <RouteView />
                </div>
              </div>
            ) : (
              <PanelUpsell />
            )}
          </aside>
        </>
      )}
      <SelectProjectModal />
      <SignUpOverlay />
    </div>
  );
}
