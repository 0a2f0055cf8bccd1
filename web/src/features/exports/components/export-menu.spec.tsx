import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { ActiveState, ExportStatus, GoogleAuthState, PdfExportStatus } from '@serpwise/contracts';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Providers, createQueryClient } from '@/app/providers';
import { FakeSocket, jobStatus, jsonResponse } from '@test/fake-socket';
import { NotificationStack } from '@/components/ui/notification-stack';
import { notifications } from '@/components/ui/notifications';
import { ExportMenu } from './export-menu';
import { ExportNoticesProvider, noticeMouseLeaveMs, noticeTimeoutMs } from './export-notices';

type FetchArgs = [string, RequestInit?];
const fetchMock = jest.fn<(...args: FetchArgs) => Promise<Response>>();

const exportStatus = (overrides: Partial<ExportStatus> = {}): ExportStatus => ({
  ...jobStatus({ queue: 'exports', name: 'export.table', total: 120 }),
  export: { table: 'seo/keywords', params: { domain: 'alpha.example' }, format: 'csv', scope: 'full', tableRows: 120, rowLimit: 500_000, downloadUrl: null, spreadsheetUrl: null, linkExpiresAt: null, fileExpiresAt: null },
  ...overrides,
});

const pdfStatus = (overrides: Partial<PdfExportStatus> = {}): PdfExportStatus => ({
  ...jobStatus({ queue: 'reports', name: 'report.pdf', total: 3 }),
  pdf: { sessionId: '77', isReady: false, isError: false, url: null, fileName: null, emailTo: [], scheduleId: null, template: 'Comprehensive', domain: 'alpha.example', countryCode: 'US', title: null, bytes: null, trigger: null },
  ...overrides,
});

function activeState(user: Partial<ActiveState['user']>): ActiveState {
  return { user: { isLoggedIn: true, isFullUser: true, product: { maxExportRows: 500_000, hasUnlimitedExportRows: false }, ...user }, tracking: {} } as unknown as ActiveState;
}

const connectedGoogle: GoogleAuthState = { configured: true, hasGoogleToken: true, authorizeUrl: 'https://accounts.example/auth?client_id=c&scope=s' };
let googleState: GoogleAuthState = connectedGoogle;
/** The account's AUTO_DOWNLOAD_EXPORTS attribute. */
let autoDownload: string | null = null;

function renderMenu(state: ActiveState, socket = new FakeSocket(true), props: Partial<Parameters<typeof ExportMenu>[0]> = {}, activeStateAnswer?: Promise<Response>) {
  fetchMock.mockImplementation(async (url, init) => {
    if (url.startsWith('/endpoints/accountapi/getactivestate')) return activeStateAnswer ?? jsonResponse(state);
    if (url === '/auth/checkgoogleauth' && init?.method === 'POST') return jsonResponse(googleState);
    if (url === '/rest/exports' && init?.method === 'POST') return jsonResponse(exportStatus(), 202);
    if (url.startsWith('/rest/exports/')) return jsonResponse(exportStatus());
    if (url === '/Endpoints/PdfExport/ExportAsync' && init?.method === 'POST') return jsonResponse(pdfStatus(), 202);
    if (url.startsWith('/NsaApi/Account/GetUserAttribute')) return jsonResponse({ name: 'AUTO_DOWNLOAD_EXPORTS', value: autoDownload });
    if (url.startsWith('/NsaApi/')) return jsonResponse([]);
    return jsonResponse({}, 404);
  });
  render(
    <Providers client={createQueryClient()} connection={socket.asConnection()}>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route
            path="/"
            element={
              <ExportNoticesProvider>
                <NotificationStack />
                <ExportMenu table="seo/keywords" params={{ domain: 'alpha.example', sort: 'volume', filter: 'shoe' }} totalRows={120} {...props} />
              </ExportNoticesProvider>
            }
          />
          <Route path="/upgrade" element={<p>Upgrade page</p>} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
  return socket;
}

const posts = () => fetchMock.mock.calls.filter(([url, init]) => url === '/rest/exports' && init?.method === 'POST');

beforeEach(() => {
  googleState = connectedGoogle;
  autoDownload = null;
  document.head.innerHTML = '<meta name="csrf-token" content="t">';
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});
afterEach(() => {
  jest.useRealTimers();
  act(() => notifications.clear());
});

async function pick(item: string, user: { click(element: Element): Promise<void> } = userEvent) {
  await user.click(await screen.findByRole('button', { name: 'Export' }));
  await user.click(screen.getByRole('menuitem', { name: new RegExp(`^${item}`) }));
}

describe('ExportMenu', () => {
  it('offers CSV, Excel, Google Sheets, Copy to clipboard and a PDF report; opens and closes on click', async () => {
    renderMenu(activeState({}));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/auth/checkgoogleauth')).toBe(true));
    const toggle = await screen.findByRole('button', { name: 'Export' });
    await userEvent.click(toggle);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['CSV', 'Excel', 'Google Sheets', 'Copy to clipboard', 'PDF report']);
    expect(screen.getByRole('menuitem', { name: /Google Sheets/ })).toBeEnabled();
    expect(screen.getByRole('menuitem', { name: /PDF/ })).toBeEnabled();
    await userEvent.click(toggle);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes the menu on Escape (issue 24)', async () => {
    renderMenu(activeState({}));
    await userEvent.click(await screen.findByRole('button', { name: 'Export' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('opens the PDF report for a logged-in user who clicks before the page knows who they are (never the log-in modal)', async () => {
    // The active state answers only after the click: a slow connection or a busy machine.
    let answer: (response: Response) => void = () => undefined;
    const answered = new Promise<Response>((resolve) => (answer = resolve));
    renderMenu(activeState({}), new FakeSocket(true), { params: { domain: 'alpha.example', countryCode: 'US' } }, answered);
    await pick('PDF report');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    answer(jsonResponse(activeState({})));
    expect(await screen.findByRole('dialog', { name: 'PDF report for alpha.example' })).toBeInTheDocument();
  });

  it('exports a PDF report of the table\'s domain: the modal sends the export state, then Generating PDF… → Exported PDF', async () => {
    const socket = renderMenu(activeState({}), new FakeSocket(true), { params: { domain: 'alpha.example', countryCode: 'GB' } });
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url.includes('getactivestate'))).toBe(true));
    await pick('PDF report');
    const dialog = await screen.findByRole('dialog', { name: 'PDF report for alpha.example' });
    expect(dialog).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Template'), 'Executive');
    await userEvent.selectOptions(screen.getByLabelText('Design'), 'Arc');
    await userEvent.type(screen.getByLabelText('Custom title'), 'For Acme');
    await userEvent.click(screen.getByRole('checkbox', { name: /Organic Competitors/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Export PDF' }));

    const post = await waitFor(() => {
      const call = fetchMock.mock.calls.find(([url, init]) => url === '/Endpoints/PdfExport/ExportAsync' && init?.method === 'POST');
      if (!call) throw new Error('not posted');
      return call;
    });
    const form = post[1]!.body as FormData;
    expect(form.get('itemName')).toBe('alpha.example');
    expect(form.get('countryCode')).toBe('GB');
    expect(form.get('template')).toBe('Executive');
    expect(form.get('styleId')).toBe('3');
    expect(form.get('customTitle')).toBe('For Acme');
    expect(form.get('sendByEmail')).toBe('false');
    const selected = (JSON.parse(form.get('elements') as string) as { printId: string; isSelected: boolean }[]).filter((element) => element.isSelected).map((element) => element.printId);
    expect(selected).toEqual(['overview', 'traffic-history', 'ppc-overview']);

    expect(await screen.findByText('Generating PDF…')).toBeInTheDocument();
    act(() => socket.push(pdfStatus({ state: 'completed', percent: 100, pdf: { ...pdfStatus().pdf, isReady: true, url: '/rest/reports/jobs/x/pdf?expires=1&signature=s', fileName: 'r.pdf' } })));
    expect(await screen.findByText('Exported PDF')).toBeInTheDocument();
    const open = screen.getByRole('link', { name: /Open PDF in New Tab/ });
    expect(open).toHaveAttribute('href', '/rest/reports/jobs/x/pdf?expires=1&signature=s');
    expect(open).toHaveAttribute('target', '_blank');
    expect(screen.queryByText('Generating PDF…')).not.toBeInTheDocument();
    // It holds the report's link: no timer takes it away (issue 21), only the user's Dismiss.
    expect(notifications.getSnapshot().find((entry) => entry.content === 'Exported PDF')).toMatchObject({ timeout: null });
  });

  it('starts a job for the whole table with its sort and filter, and follows it pending → progress → ready', async () => {
    const socket = renderMenu(activeState({}));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url.includes('getactivestate'))).toBe(true));
    await pick('Excel');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(posts()[0]![1]!.body as string)).toEqual({ table: 'seo/keywords', params: { domain: 'alpha.example', sort: 'volume', filter: 'shoe' }, format: 'xlsx', scope: 'full' });
    const notice = await screen.findByTestId('export-notice');
    expect(notice).toHaveAttribute('data-state', 'pending');

    act(() => socket.push(exportStatus({ state: 'active', done: 60, percent: 50 })));
    expect(await screen.findByText('60 of 120 rows · 50%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    // Its worker killed, the export goes on in the next one after the committed rows, and says so (issue 21).
    const resumed = exportStatus({ state: 'active', done: 90, percent: 75 });
    act(() => socket.push({ ...resumed, export: { ...resumed.export, resumedFrom: 40 } } as ExportStatus));
    expect(await screen.findByText('90 of 120 rows · 75% · resumed after 40 rows')).toBeInTheDocument();

    const ready = exportStatus({ state: 'completed', done: 120, percent: 100, result: { fileName: 'seo-keywords.csv', rows: 120 } });
    act(() => socket.push({ ...ready, export: { ...ready.export, downloadUrl: '/rest/exports/x/download?expires=1&signature=s' } } as ExportStatus));
    const link = await screen.findByRole('link', { name: 'Download seo-keywords.csv' });
    expect(link).toHaveAttribute('href', '/rest/exports/x/download?expires=1&signature=s');
  });

  it('shows the logged-out CSV modal to visitors', async () => {
    renderMenu(activeState({ isLoggedIn: false, isFullUser: false }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await pick('CSV');
    expect(await screen.findByRole('dialog', { name: 'Export to CSV' })).toBeInTheDocument();
    // From the home page there is nowhere to come back to; a free account is not promised the CSV.
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth/login');
    expect(screen.getByRole('dialog')).toHaveTextContent('CSV and Excel downloads come with a paid plan.');
    fireEvent.keyDown(document, { key: 'Escape' }); // a key pressed on the page reaches the document
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('sends free users to /upgrade', async () => {
    renderMenu(activeState({ isFullUser: false, product: { maxExportRows: 0, hasUnlimitedExportRows: false } }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await pick('CSV');
    expect(await screen.findByText('Upgrade page')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('shows the upsell over the allowance, and can export the rows the plan allows', async () => {
    renderMenu(activeState({ product: { maxExportRows: 100, hasUnlimitedExportRows: false } }), new FakeSocket(true), { totalRows: 1234 });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await pick('CSV');
    expect(await screen.findByTestId('export-upsell')).toHaveTextContent('Upgrade to get all 1,234 rows.');
    expect(screen.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/upgrade');
    await userEvent.click(screen.getByRole('button', { name: 'Export the first 100 rows' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(posts()[0]![1]!.body as string)).toMatchObject({ scope: 'partial' });
  });

  it('explains that an administrator must configure Google Sheets when the server has no Google client', async () => {
    googleState = { configured: false, hasGoogleToken: false, authorizeUrl: null };
    renderMenu(activeState({}));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/auth/checkgoogleauth')).toBe(true));
    await userEvent.click(await screen.findByRole('button', { name: 'Export' }));
    const item = await screen.findByRole('menuitem', { name: /Google Sheets an administrator must configure it/ });
    expect(item).toBeDisabled();
    expect(item).toHaveAttribute('title', expect.stringContaining('An administrator must set GOOGLE_CLIENT_ID'));
  });

  it('exports to Google Sheets and the finished notice links to the spreadsheet', async () => {
    const socket = renderMenu(activeState({}));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/auth/checkgoogleauth')).toBe(true));
    await pick('Google Sheets');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(posts()[0]![1]!.body as string)).toMatchObject({ format: 'sheets', scope: 'full' });
    await screen.findByTestId('export-notice');
    const ready = exportStatus({ state: 'completed', done: 120, percent: 100 });
    act(() => socket.push({ ...ready, export: { ...ready.export, format: 'sheets', spreadsheetUrl: 'https://docs.google.com/spreadsheets/d/abc/edit' } } as ExportStatus));
    expect(await screen.findByText('Successfully shared to Google Sheets.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in Google Sheets' })).toHaveAttribute('href', 'https://docs.google.com/spreadsheets/d/abc/edit');
  });

  it('says when sharing to Google Sheets failed', async () => {
    const socket = renderMenu(activeState({}));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/auth/checkgoogleauth')).toBe(true));
    await pick('Google Sheets');
    await screen.findByTestId('export-notice');
    const failed = exportStatus({ state: 'failed', error: 'boom' });
    act(() => socket.push({ ...failed, export: { ...failed.export, format: 'sheets' } } as ExportStatus));
    expect(await screen.findByText('Unable to share to Google Sheets. Please contact support if this issue persists.')).toBeInTheDocument();
  });

  it("caps Google Sheets at 100k rows with the documented message and the 'Export 100k Rows' button", async () => {
    renderMenu(activeState({}), new FakeSocket(true), { totalRows: 250_000 });
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/auth/checkgoogleauth')).toBe(true));
    await pick('Google Sheets');
    expect(await screen.findByTestId('sheets-limit')).toHaveTextContent('Google Sheets is limited to 100k rows. If you would like more results, please export as CSV.');
    expect(posts()).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Export 100k Rows' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(posts()[0]![1]!.body as string)).toMatchObject({ format: 'sheets', scope: 'partial' });
  });

  it('asks for Google authorisation in a popup first, then exports', async () => {
    googleState = { ...connectedGoogle, hasGoogleToken: false };
    const open = jest.fn<typeof window.open>(() => ({}) as Window);
    window.open = open;
    renderMenu(activeState({}));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/auth/checkgoogleauth')).toBe(true));
    await userEvent.click(await screen.findByRole('button', { name: 'Export' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Google Sheets connect Google/ }));
    expect(open).toHaveBeenCalledTimes(1);
    const consent = new URL(open.mock.calls[0]![0] as string);
    expect(consent.searchParams.get('redirect_uri')).toBe(`${window.location.origin}/google-auth/callback`);
    expect(consent.searchParams.get('state')).toBeTruthy();
    expect(posts()).toHaveLength(0);
    act(() => window.dispatchEvent(new MessageEvent('message', { origin: window.location.origin, data: { type: 'serpwise:google-auth', ok: true } })));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(posts()[0]![1]!.body as string)).toMatchObject({ format: 'sheets' });
  });

  it('exports a keyword table within the plan\'s limit at once, without asking Partial or Full (issue 24)', async () => {
    renderMenu(activeState({}), new FakeSocket(true), { kind: 'keywords' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await pick('CSV');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(posts()[0]![1]!.body as string)).toMatchObject({ scope: 'full' });
    expect(screen.queryByRole('dialog', { name: 'Export keywords' })).not.toBeInTheDocument();
  });

  it('offers Partial or Full for keyword tables larger than the plan\'s limit', async () => {
    renderMenu(activeState({}), new FakeSocket(true), { kind: 'keywords', totalRows: 600_000 });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await pick('CSV');
    expect(await screen.findByRole('dialog', { name: 'Export keywords' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^Partial/ }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(posts()[0]![1]!.body as string)).toMatchObject({ scope: 'partial' });
  });
});

describe('export notices', () => {
  async function failedNotice() {
    jest.useFakeTimers({ advanceTimers: true });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const socket = renderMenu(activeState({}));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await pick('CSV', user);
    await screen.findByTestId('export-notice');
    act(() => socket.push(exportStatus({ state: 'failed', error: 'boom' })));
    await waitFor(() => expect(screen.getByTestId('export-notice')).toHaveAttribute('data-state', 'error'));
    return screen.getByTestId('export-notice');
  }

  it('leave 8000 ms after the export fails; an error is only marked, with no text', async () => {
    const notice = await failedNotice();
    expect(notice).not.toHaveTextContent('boom');
    act(() => jest.advanceTimersByTime(noticeTimeoutMs - 300));
    expect(screen.getByTestId('export-notice')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(400));
    expect(screen.queryByTestId('export-notice')).not.toBeInTheDocument();
  });

  it('wait while hovered, and leave 1000 ms after the mouse does', async () => {
    const notice = await failedNotice();
    act(() => jest.advanceTimersByTime(noticeTimeoutMs - 500));
    fireEvent.mouseEnter(notice);
    act(() => jest.advanceTimersByTime(20_000));
    expect(screen.getByTestId('export-notice')).toBeInTheDocument();
    fireEvent.mouseLeave(notice);
    act(() => jest.advanceTimersByTime(noticeMouseLeaveMs - 200));
    expect(screen.getByTestId('export-notice')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(300));
    expect(screen.queryByTestId('export-notice')).not.toBeInTheDocument();
  });

  const readyStatus = () =>
    exportStatus({ state: 'completed', done: 120, percent: 100, result: { fileName: 'alpha-keywords.csv' }, export: { ...exportStatus().export, downloadUrl: '/rest/files/signed-alpha', fileExpiresAt: '2026-11-28T10:15:00.000Z' } });

  async function readyNotice(clicks: string[]) {
    jest.useFakeTimers({ advanceTimers: true });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.getAttribute('href') ?? '');
    });
    const socket = renderMenu(activeState({}));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await pick('CSV', user);
    await screen.findByTestId('export-notice');
    act(() => socket.push(readyStatus()));
    await waitFor(() => expect(screen.getByTestId('export-notice')).toHaveAttribute('data-state', 'ready'));
    return click;
  }

  it('keep a finished file\'s Download link until the user closes the notice (issue 21)', async () => {
    const clicks: string[] = [];
    const click = await readyNotice(clicks);
    act(() => jest.advanceTimersByTime(noticeTimeoutMs * 10));
    expect(screen.getByTestId('export-download')).toHaveAttribute('href', '/rest/files/signed-alpha');
    expect(screen.getByRole('link', { name: 'Your jobs' })).toHaveAttribute('href', '/exports');
    expect(screen.getByTestId('export-notice')).toHaveTextContent(`Kept in Your jobs until ${new Date('2026-11-28T10:15:00.000Z').toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}.`);
    expect(clicks).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('export-notice')).not.toBeInTheDocument());
    click.mockRestore();
  });

  it('download the file by itself, once, when the account\'s automatic downloads are on', async () => {
    autoDownload = '1';
    const clicks: string[] = [];
    const click = await readyNotice(clicks);
    await waitFor(() => expect(clicks).toEqual(['/rest/files/signed-alpha']));
    act(() => jest.advanceTimersByTime(noticeTimeoutMs));
    expect(clicks).toEqual(['/rest/files/signed-alpha']);
    expect(screen.getByTestId('export-download')).toBeInTheDocument();
    click.mockRestore();
  });

  it('say a queued export waits, with the jobs ahead of it, or that an administrator paused it; never "Generating… 0%" (issue 21)', async () => {
    const socket = renderMenu(activeState({}));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await pick('CSV');
    await screen.findByTestId('export-notice');
    act(() => socket.push(exportStatus({ state: 'queued', waiting: { ahead: 3, paused: false } })));
    await waitFor(() => expect(screen.getByTestId('export-waiting')).toHaveTextContent('CSV export waiting to start'));
    expect(screen.getByTestId('export-notice')).toHaveTextContent('3 jobs are ahead of it.');
    expect(screen.getByTestId('export-notice')).not.toHaveTextContent('Generating');
    act(() => socket.push(exportStatus({ state: 'queued', waiting: { ahead: 3, paused: true } })));
    await waitFor(() => expect(screen.getByTestId('export-waiting')).toHaveTextContent('CSV export paused by an administrator'));
    act(() => socket.push(exportStatus({ state: 'active', done: 12, percent: 10 })));
    await waitFor(() => expect(screen.getByTestId('export-notice')).toHaveTextContent('Generating CSV…'));
    expect(screen.queryByTestId('export-waiting')).not.toBeInTheDocument();
  });

  it('a pending notice stays until its export ends', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderMenu(activeState({}));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await pick('CSV', user);
    await screen.findByTestId('export-notice');
    act(() => jest.advanceTimersByTime(noticeTimeoutMs * 3));
    expect(screen.getByTestId('export-notice')).toHaveAttribute('data-state', 'pending');
  });
});
