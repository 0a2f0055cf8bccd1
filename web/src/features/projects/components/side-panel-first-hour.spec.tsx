import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { KeywordDetailsAnswer, ProjectSummary } from '@serpwise/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { jsonResponse } from '@test/fake-socket';
import { loggedInState } from '@test/active-state';
import { Providers, createQueryClient } from '@/app/providers';
import { NotificationStack } from '@/components/ui/notification-stack';
import { notifications } from '@/components/ui/notifications';
import { ProjectPanelProvider } from '../panel-context';
import { panelStore } from '../panel-state';
import { SidePanel } from './side-panel';

/** Issue 24 point 8: the edit-project and keyword-details panel routes, the rank change's period, the project selector. */

type FetchArgs = [string, RequestInit?];
const fetchMock = jest.fn<(...args: FetchArgs) => Promise<Response>>();
const shopId = '11111111-2222-4333-8444-555555555555';
const summary = (id: string, projectName: string, createdAt: string, primaryDomainName = 'shop.example'): ProjectSummary => ({
  id, projectName, primaryDomainName, territory: 'US', keywordCount: 0, groupCount: 0, linkCount: 0, createdAt,
});
/** The server's projects, changed by the fake PatchProject and DeleteProject as the real ones would. */
let projects: ProjectSummary[];

const details: KeywordDetailsAnswer = {
  projectId: shopId,
  projectDomain: 'shop.example',
  territory: 'US',
  keyword: {
    termId: 5, keyword: 'red shoes', monthlySearches: 1200, costPerClick: 1.5, rankingDifficulty: 40, currentRank: 3, previousRank: 5, rankChange: 2,
    clickChange: 40, groupsCsv: 'Core', groupCount: 1, labelsCsv: '', labelCount: 0, addedAt: '2026-11-01T00:00:00.000Z',
  },
  month: '2026-11-01',
  comparedTo: '2026-10-01',
  groups: [{ groupHash: '99999999-2222-4333-8444-555555555555', name: 'Core' }],
  labels: [],
  rankHistory: [{ month: '2026-10-01', position: 5 }, { month: '2026-11-01', position: 3 }],
};

const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => url.includes(path));
const queryOf = (path: string) => new URL(calls(path).at(-1)![0], 'http://x').searchParams;

function serve() {
  fetchMock.mockImplementation(async (url) => {
    const query = new URL(url, 'http://x').searchParams;
    if (url.startsWith('/endpoints/accountapi/getactivestate')) return jsonResponse(loggedInState({ isFullUser: true, roles: ['full'] }));
    if (url.includes('/Projects/GetProjects')) return jsonResponse(projects);
    if (url.includes('/Projects/PatchProject')) {
      const name = query.get('projectName');
      if (name !== null && !name.trim()) return jsonResponse({ statusCode: 400, message: 'Enter a project name.', errors: ['Enter a project name.'] }, 400);
      const domain = query.get('primaryDomainName');
      if (domain !== null && domain.includes(' ')) return jsonResponse({ statusCode: 400, message: 'Enter a valid domain, like example.com.', errors: ['Enter a valid domain, like example.com.'] }, 400);
      projects = projects.map((project) =>
        project.id === query.get('projectId')
          ? { ...project, projectName: name ?? project.projectName, primaryDomainName: domain ?? project.primaryDomainName, territory: query.get('territory') ?? project.territory }
          : project,
      );
      return jsonResponse(projects.find((project) => project.id === query.get('projectId')));
    }
    if (url.includes('/Projects/DeleteProject')) {
      projects = projects.filter((project) => project.id !== query.get('projectId'));
      return jsonResponse({ isSuccessful: true, projectId: query.get('projectId') });
    }
    if (url.includes('/Keywords/GetKeywordDetails')) return jsonResponse(details);
    if (url.includes('/Groups/GetGroups')) return jsonResponse({ groups: [{ groupHash: details.groups[0]!.groupHash, name: 'Core', projectId: shopId, numberOfKeywords: 1, rankChange: 2, clickChange: 40, impressionShare: 0.5 }], totalRowCount: 1, comparedTo: '2026-10-01' });
    if (url.includes('/Keywords/KeywordCount')) return jsonResponse({ totalCount: 5000, usedCount: 3, mySerpwiseCount: 2, keywordRankingReportCount: 0, weeklyTrackingCount: 1 });
    return jsonResponse([]);
  });
}

function renderPanel(path: string) {
  render(
    <Providers client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <ProjectPanelProvider>
          <SidePanel />
          <NotificationStack />
        </ProjectPanelProvider>
      </MemoryRouter>
    </Providers>,
  );
  return screen.getByRole('dialog', { name: 'Projects panel' });
}

beforeEach(() => {
  localStorage.clear();
  panelStore.set({ activeProjectId: '00000000-0000-0000-0000-000000000000', recentProjectIds: [], pendingImport: null, selectorOpen: false });
  notifications.clear();
  document.head.innerHTML = '<meta name="csrf-token" content="t">';
  projects = [summary(shopId, 'Shop', '2026-11-01T00:00:00.000Z'), summary('22222222-2222-4333-8444-555555555555', 'Blog', '2026-10-01T00:00:00.000Z', 'blog.example')];
  fetchMock.mockReset();
  serve();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

describe('edit-project', () => {
  it('renames the project: only the name is sent, the lists and the tab show the new name', async () => {
    const panel = renderPanel(`/?msf=edit-project&projectId=${shopId}`);
    const form = await within(panel).findByRole('form', { name: 'Edit project' });
    const name = within(form).getByLabelText('Project name');
    expect(name).toHaveValue('Shop');
    expect(within(form).getByLabelText('Primary domain')).toHaveValue('shop.example');
    expect(within(form).getByLabelText('Territory')).toHaveValue('US');
    await userEvent.clear(name);
    await userEvent.type(name, 'Main shop');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Project "Main shop" saved.')).toBeInTheDocument();
    expect(Object.fromEntries(queryOf('/Projects/PatchProject'))).toMatchObject({ projectId: shopId, projectName: 'Main shop' });
    expect(queryOf('/Projects/PatchProject').has('primaryDomainName')).toBe(false);
    // The project named by the route is the active one: the tab reads its new name once the list is read again.
    await screen.findByRole('button', { name: 'Project: Main shop' });
  });

  it('refuses an empty name without a call, shows the server’s refusal of a domain, and changes nothing', async () => {
    const panel = renderPanel(`/?msf=edit-project&projectId=${shopId}`);
    const form = await within(panel).findByRole('form', { name: 'Edit project' });
    await userEvent.clear(within(form).getByLabelText('Project name'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('Enter a project name.')).toBeInTheDocument();
    expect(calls('/Projects/PatchProject')).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText('Project name'), 'Shop');
    const domain = within(form).getByLabelText('Primary domain');
    await userEvent.clear(domain);
    await userEvent.type(domain, 'not a domain');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Enter a valid domain, like example.com.');
    expect(domain).toHaveValue('not a domain');
    expect(projects[0]).toMatchObject({ projectName: 'Shop', primaryDomainName: 'shop.example' });
  });

  it('deletes the project after “Are you absolutely sure?” and goes back to the projects list', async () => {
    const panel = renderPanel(`/?msf=edit-project&projectId=${shopId}`);
    await userEvent.click(await within(panel).findByRole('button', { name: 'Delete project' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you absolutely sure?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, delete this project' }));
    expect(await screen.findByText('Project "Shop" deleted.')).toBeInTheDocument();
    expect(projects.map((project) => project.projectName)).toEqual(['Blog']);
    await within(panel).findByRole('table', { name: 'Your projects' });
  });

  it('is opened from the projects list by Edit', async () => {
    const panel = renderPanel('/?msf=projects');
    await userEvent.click(await within(panel).findByRole('button', { name: 'Edit Blog' }));
    expect(await within(panel).findByLabelText('Project name')).toHaveValue('Blog');
  });
});

describe('keyword-details', () => {
  it('shows the keyword’s numbers, the month the change is measured from, its groups, and leads to its research', async () => {
    const panel = renderPanel(`/?msf=keyword-details&projectId=${shopId}&termId=5`);
    const section = await within(panel).findByRole('region', { name: 'Keyword red shoes' });
    expect(Object.fromEntries(queryOf('/Keywords/GetKeywordDetails'))).toMatchObject({ projectId: shopId, termId: '5' });
    expect(within(section).getByText('1,200')).toBeInTheDocument();
    expect(within(section).getByText('+2')).toHaveAttribute('title', 'Change since Oct 2026');
    expect(within(section).getByText('Change since Oct 2026')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Research this keyword' })).toHaveAttribute('href', '/keyword/overview?query=red+shoes&countryCode=US');
    expect(within(section).getByRole('button', { name: 'Core' })).toBeInTheDocument();
  });
});

describe('the rank change tooltip', () => {
  it('names the month the groups’ rank change compares against', async () => {
    const panel = renderPanel(`/?msf=groups&projectId=${shopId}`);
    const table = await within(panel).findByRole('table', { name: 'Groups of the project' });
    expect(within(table).getByRole('columnheader', { name: 'Rank change' })).toHaveAttribute('title', 'Change since Oct 2026');
  });
});

describe('the project selector', () => {
  it('opens on a 200 ms hover with the 4 recent projects, and closes 300 ms after the pointer leaves', async () => {
    projects = ['A', 'B', 'C', 'D', 'E'].map((name, index) => summary(`${index + 1}1111111-2222-4333-8444-555555555555`, name, `2026-0${index + 1}-01T00:00:00.000Z`));
    panelStore.setActiveProject(projects[0]!.id);
    const panel = renderPanel('/?msf=projects');
    const toggle = await within(panel).findByRole('button', { name: 'Switch project (active: A)' });
    fireEvent.mouseEnter(toggle.parentElement!);
    expect(within(panel).queryByRole('menu')).not.toBeInTheDocument();
    const menu = await within(panel).findByRole('menu', { name: 'Recent projects' });
    // A was used last, then the newest created.
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'A shop.example',
      'E shop.example',
      'D shop.example',
      'C shop.example',
      'All Projects',
      'See all projects (5)',
    ]);
    fireEvent.mouseLeave(toggle.parentElement!);
    expect(within(panel).getByRole('menu')).toBeInTheDocument();
    await waitFor(() => expect(within(panel).queryByRole('menu')).not.toBeInTheDocument());

    await userEvent.click(toggle);
    await userEvent.click(within(await within(panel).findByRole('menu')).getByRole('menuitem', { name: /^D/ }));
    await within(panel).findByRole('button', { name: 'Switch project (active: D)' });
  });
});

describe('a user with one project', () => {
  // Outreach records and imports not tied to a project show under All Projects: one project is not made active by itself.
  it('keeps All Projects when the user chose it', async () => {
    projects = [summary(shopId, 'Shop', '2026-11-01T00:00:00.000Z')];
    panelStore.setActiveProject(shopId);
    panelStore.setActiveProject('00000000-0000-0000-0000-000000000000');
    const panel = renderPanel('/?msf=projects');
    await within(panel).findByRole('table', { name: 'Your projects' });
    expect(within(panel).getByRole('button', { name: 'Switch project (active: All Projects)' })).toBeInTheDocument();
  });
});
