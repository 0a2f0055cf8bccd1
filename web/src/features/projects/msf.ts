/**
 * The side panel's routing (docs/product/projects.md §2, §4): the panel route rides in the page query as `msf` plus its parameters, so
 * browser back and forward open, move or close the panel. Route names are matched lowercase and trimmed; an
 * unknown name shows the placeholder 404.
 */

/**
 * Every panel route, each with its scope: 'all-projects' when it has an 'all projects' state (docs/product/projects.md
 * §2), 'project' when it needs one project.
 */
const panelRouteScopes = {
  projects: 'all-projects',
  'create-project': 'all-projects',
  'edit-project': 'all-projects',
  'keyword-list': 'project',
  'keyword-details': 'project',
  'keyword-import': 'project',
  groups: 'project',
  'group-details': 'project',
  labels: 'project',
  'label-details': 'project',
  websites: 'all-projects',
  'website-details': 'all-projects',
  'outreach-import': 'all-projects',
  links: 'all-projects',
  'link-details': 'all-projects',
  contacts: 'all-projects',
  'contacts-details': 'all-projects',
  'import-progress': 'project',
  history: 'all-projects',
} as const satisfies Record<string, 'all-projects' | 'project'>;
export type PanelRoute = keyof typeof panelRouteScopes;
export const panelRoutes = Object.keys(panelRouteScopes) as readonly PanelRoute[];

/** Routes flagged as having an 'all projects' state (docs/product/projects.md §2). */
export const allProjectsRoutes: ReadonlySet<PanelRoute> = new Set(panelRoutes.filter((route) => panelRouteScopes[route] === 'all-projects'));

/**
 * The parameters a panel route may carry in the query next to msf (docs/product/projects.md §2: projectId, groupHash, groupName,
 * domainId, urlId, urlName, …). Anything else in the query belongs to the page underneath.
 */
export const msfParamNames = ['projectId', 'groupHash', 'groupName', 'labelHash', 'labelName', 'domainId', 'urlId', 'urlName', 'contactId', 'termId', 'name', 'jobId'] as const;
export type MsfParamName = (typeof msfParamNames)[number];
export type MsfParams = Partial<Record<MsfParamName, string>>;

export interface MsfLocation {
  /** The normalised route name; may be a name the panel does not know (then the 404 shows). */
  route: string;
  params: MsfParams;
}

export const normaliseRouteName = (name: string) => name.trim().toLowerCase();
export const isPanelRoute = (name: string): name is PanelRoute => (panelRoutes as readonly string[]).includes(normaliseRouteName(name));

/** The panel location a page query asks for, or null when the query has no msf (the panel is closed). */
export function readMsf(search: URLSearchParams | string): MsfLocation | null {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  const raw = query.get('msf');
  if (raw === null) return null;
  const params: MsfParams = {};
  for (const name of msfParamNames) {
    const value = query.get(name);
    if (value !== null && value !== '') params[name] = value;
  }
  return { route: normaliseRouteName(raw), params };
}

/** The page query with the panel at `location` (null: closed); the page's own parameters are kept. */
export function writeMsf(search: URLSearchParams | string, location: MsfLocation | null): URLSearchParams {
  const query = new URLSearchParams(search);
  query.delete('msf');
  for (const name of msfParamNames) query.delete(name);
  if (location) {
    query.set('msf', normaliseRouteName(location.route));
    for (const name of msfParamNames) {
      const value = location.params[name];
      if (value) query.set(name, value);
    }
  }
  return query;
}

/** A stable text for a panel location (to compare history entries). */
export const msfKey = (location: MsfLocation | null) => (location ? writeMsf('', location).toString() : '');

/** docs/product/projects.md §4: the content moves back when the panel's history shrinks, else forward. */
export const transitionDirection = (previousLength: number, nextLength: number): 'back' | 'forward' => (nextLength < previousLength ? 'back' : 'forward');

/**
 * The panel's own history after a move to `next` (docs/product/projects.md §3 "history of routes"): going to the entry before the
 * current one (browser back) shrinks it, anything else appends; closing clears it.
 */
export function nextPanelHistory(history: readonly string[], next: MsfLocation | null): string[] {
  if (!next) return [];
  const key = msfKey(next);
  if (history[history.length - 1] === key) return [...history];
  if (history.length >= 2 && history[history.length - 2] === key) return history.slice(0, -1);
  return [...history, key];
}
