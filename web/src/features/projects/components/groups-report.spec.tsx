import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { groupReportSections, type GroupRow, type PdfExportStatus, type ProjectSummary } from '@serpwise/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { jobStatus, jsonResponse } from '@test/fake-socket';
import { loggedInState } from '@test/active-state';
import { Providers, createQueryClient } from '@/app/providers';
import { NotificationStack } from '@/components/ui/notification-stack';
import { notifications } from '@/components/ui/notifications';
import { ProjectPanelProvider } from '../panel-context';
import { panelStore } from '../panel-state';
import { groupReportMessages } from './groups-view';
import { SidePanel } from './side-panel';

/** Issue 22 point 4: "Create PDF Report" in the groups panel starts a PDF report of the selected group's keywords. */

type FetchArgs = [string, RequestInit?];
const fetchMock = jest.fn<(...args: FetchArgs) => Promise<Response>>();
const shopId = '11111111-2222-4333-8444-555555555555';
const project: ProjectSummary = { id: shopId, projectName: 'Shop', primaryDomainName: 'shop.example', territory: 'GB', keywordCount: 3, groupCount: 2, linkCount: 0, createdAt: '2026-11-01T00:00:00.000Z' };
const group = (groupHash: string, name: string): GroupRow => ({ groupHash, name, projectId: shopId, numberOfKeywords: 2, rankChange: 1, clickChange: 5, impressionShare: 0.4 });
const groups = [group('99999999-2222-4333-8444-555555555555', 'Core'), group('88888888-2222-4333-8444-555555555555', 'Blog')];
const pdfStatus: PdfExportStatus = {
  ...jobStatus({ queue: 'reports', name: 'report.pdf', total: 5 }),
  pdf: { sessionId: '77', isReady: false, isError: false, url: null, fileName: null, emailTo: [], scheduleId: null, template: 'Progress', domain: 'shop.example', countryCode: 'GB', title: null, bytes: null, trigger: null },
};

const exportCalls = () => fetchMock.mock.calls.filter(([url, init]) => url === '/Endpoints/PdfExport/ExportAsync' && init?.method === 'POST');

beforeEach(() => {
  localStorage.clear();
  panelStore.set({ activeProjectId: '00000000-0000-0000-0000-000000000000', recentProjectIds: [], pendingImport: null, selectorOpen: false });
  notifications.clear();
  document.head.innerHTML = '<meta name="csrf-token" content="t">';
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    if (url.startsWith('/endpoints/accountapi/getactivestate')) return jsonResponse(loggedInState({ isFullUser: true, roles: ['full'] }));
    if (url.includes('/Projects/GetProjects')) return jsonResponse([project]);
    if (url.includes('/Groups/GetGroups')) return jsonResponse({ groups, totalRowCount: groups.length, comparedTo: '2026-10-01' });
    if (url === '/Endpoints/PdfExport/ExportAsync' && init?.method === 'POST') return jsonResponse(pdfStatus, 202);
    return jsonResponse([]);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

function renderGroups() {
  render(
    <Providers client={createQueryClient()}>
      <MemoryRouter initialEntries={[`/?msf=groups&projectId=${shopId}`]}>
        <ProjectPanelProvider>
          <SidePanel />
          <NotificationStack />
        </ProjectPanelProvider>
      </MemoryRouter>
    </Providers>,
  );
  return screen.getByRole('dialog', { name: 'Projects panel' });
}

describe('groups panel: Create PDF Report', () => {
  it('sends a PDF report of the selected group: its project, its group and the group sections; then follows it', async () => {
    const panel = renderGroups();
    await userEvent.click(await within(panel).findByRole('checkbox', { name: 'Select Core' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Create PDF Report' }));
    await waitFor(() => expect(exportCalls()).toHaveLength(1));
    const form = exportCalls()[0]![1]!.body as FormData;
    expect(form.get('projectId')).toBe(shopId);
    expect(form.get('groupHash')).toBe(groups[0]!.groupHash);
    expect(form.get('itemName')).toBe('shop.example');
    expect(form.get('countryCode')).toBe('GB');
    expect(form.get('customTitle')).toBe('Core: keyword report');
    const chosen = (JSON.parse(form.get('elements') as string) as { printId: string; isSelected: boolean }[]).filter((element) => element.isSelected).map((element) => element.printId);
    expect(chosen).toEqual([...groupReportSections]);
    expect(await screen.findByText('Generating PDF…')).toBeInTheDocument();
    expect(screen.queryByText(/not available yet/)).not.toBeInTheDocument();
  });

  it('reports on the whole project when no group is selected', async () => {
    const panel = renderGroups();
    await within(panel).findByRole('checkbox', { name: 'Select Core' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Create PDF Report' }));
    await waitFor(() => expect(exportCalls()).toHaveLength(1));
    const form = exportCalls()[0]![1]!.body as FormData;
    expect(form.get('projectId')).toBe(shopId);
    expect(form.get('groupHash')).toBeNull();
    expect(form.get('elements')).toBeNull();
    expect(form.get('customTitle')).toBe('Shop: keyword report');
  });

  it('asks for one group when several are selected, and sends nothing', async () => {
    const panel = renderGroups();
    await userEvent.click(await within(panel).findByRole('checkbox', { name: 'Select Core' }));
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Select Blog' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Create PDF Report' }));
    expect(await screen.findByText(groupReportMessages.oneGroup)).toBeInTheDocument();
    expect(exportCalls()).toHaveLength(0);
  });
});
