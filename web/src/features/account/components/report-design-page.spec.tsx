import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { reportDesignMessages, type ReportDesignSettings } from '@serpwise/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Providers, createQueryClient } from '@/app/providers';
import { jsonResponse } from '@test/fake-socket';
import { ReportDesignPage } from './report-design-page';

type FetchArgs = [string, RequestInit?];
const fetchMock = jest.fn<(...args: FetchArgs) => Promise<Response>>();
const designPath = '/rest/account/report-design';
const saved: ReportDesignSettings = { companyName: 'Northwind', primaryColor: '#7c2d12', accentColor: '#0f766e', hasLogo: false, logoType: null, logoUpdatedAt: null, isSaved: true };
const calls = (path: string, method: string) => fetchMock.mock.calls.filter(([url, init]) => url === path && (init?.method ?? 'GET') === method);

function renderPage(user: { isFullUser: boolean; isFullReconUser: boolean }, answers: Partial<Record<string, (init?: RequestInit) => Response>> = {}) {
  fetchMock.mockImplementation(async (url, init) => {
    const method = init?.method ?? 'GET';
    if (url === '/endpoints/accountapi/getactivestate') return jsonResponse({ user: { isLoggedIn: true, roles: [], ...user }, tracking: {} });
    const answer = answers[`${method} ${url}`];
    if (answer) return answer(init);
    if (url === designPath && method === 'GET') return jsonResponse(saved);
    return jsonResponse({}, 404);
  });
  render(
    <Providers client={createQueryClient()}>
      <ReportDesignPage />
    </Providers>,
  );
}

beforeEach(() => {
  document.head.innerHTML = '<meta name="csrf-token" content="t">';
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

describe('/account/reportdesign', () => {
  it.each([
    ['a full user', { isFullUser: true, isFullReconUser: false }],
    ['a free user', { isFullUser: false, isFullReconUser: false }],
  ])('shows %s the upsell and never asks for a design', async (_who, user) => {
    renderPage(user);
    expect(await screen.findByTestId('white-label-upsell')).toHaveTextContent(reportDesignMessages.reconRequired);
    expect(screen.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/upgrade');
    expect(screen.queryByLabelText('Company name')).not.toBeInTheDocument();
    expect(calls(designPath, 'GET')).toHaveLength(0);
  });

  it('shows a recon user the saved design, checks the colours and saves', async () => {
    renderPage({ isFullUser: true, isFullReconUser: true }, { [`PUT ${designPath}`]: (init) => jsonResponse({ ...saved, ...JSON.parse(String(init!.body)) }) });
    const name = await screen.findByLabelText('Company name');
    expect(name).toHaveValue('Northwind');
    const main = screen.getByLabelText('Main colour');
    expect(main).toHaveValue('#7c2d12');
    expect(screen.getByText('No logo yet: the reports show your company name alone.')).toBeInTheDocument();

    await userEvent.clear(main);
    await userEvent.type(main, 'crimson');
    await userEvent.tab();
    expect(screen.getByText(reportDesignMessages.colorInvalid)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save design' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the fields marked in red.');
    expect(calls(designPath, 'PUT')).toHaveLength(0);

    await userEvent.clear(main);
    await userEvent.type(main, '#112233');
    await userEvent.clear(name);
    await userEvent.type(name, 'Northwind Search');
    await userEvent.click(screen.getByRole('button', { name: 'Save design' }));
    expect(await screen.findByText(reportDesignMessages.saved)).toBeInTheDocument();
    const [, init] = calls(designPath, 'PUT')[0]!;
    expect(JSON.parse(String(init!.body))).toEqual({ companyName: 'Northwind Search', primaryColor: '#112233', accentColor: '#0f766e' });
    expect((init!.headers as Record<string, string>)['x-csrf-token']).toBe('t');
  });

  it('checks a logo in the browser, uploads it as a form with the token and shows it', async () => {
    const uploaded = { ...saved, hasLogo: true, logoType: 'image/png' as const, logoUpdatedAt: '2026-11-22T10:00:00.000Z' };
    renderPage({ isFullUser: true, isFullReconUser: true }, { [`POST ${designPath}/logo`]: () => jsonResponse(uploaded) });
    const user = userEvent.setup({ applyAccept: false });
    const input = await screen.findByLabelText('Upload a logo');

    await user.upload(input, new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    expect(screen.getByRole('alert')).toHaveTextContent(reportDesignMessages.logoType);
    await user.upload(input, new File([new Uint8Array(200 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(screen.getByRole('alert')).toHaveTextContent(reportDesignMessages.logoTooLarge);
    expect(calls(`${designPath}/logo`, 'POST')).toHaveLength(0);

    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    await user.upload(input, file);
    expect(await screen.findByText('Your logo has been uploaded.')).toBeInTheDocument();
    const [, init] = calls(`${designPath}/logo`, 'POST')[0]!;
    expect((init!.body as FormData).get('logo')).toBeInstanceOf(File);
    expect(((init!.body as FormData).get('logo') as File).name).toBe('logo.png');
    expect((init!.headers as Record<string, string>)['x-csrf-token']).toBe('t');
    expect(screen.getByAltText('Your report logo')).toHaveAttribute('src', `${designPath}/logo?v=${encodeURIComponent(uploaded.logoUpdatedAt)}`);
    expect(screen.getByLabelText('Replace the logo')).toBeInTheDocument();
  });

  it('shows the server’s refusal of a logo', async () => {
    renderPage(
      { isFullUser: true, isFullReconUser: true },
      { [`POST ${designPath}/logo`]: () => jsonResponse({ statusCode: 400, message: reportDesignMessages.logoType, errors: [reportDesignMessages.logoType] }, 400) },
    );
    const input = await screen.findByLabelText('Upload a logo');
    await userEvent.upload(input, new File(['not really a png'], 'fake.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(reportDesignMessages.logoType));
  });

  it('removes the logo', async () => {
    const withLogo = { ...saved, hasLogo: true, logoType: 'image/png' as const, logoUpdatedAt: '2026-11-22T10:00:00.000Z' };
    renderPage(
      { isFullUser: true, isFullReconUser: true },
      { [`GET ${designPath}`]: () => jsonResponse(withLogo), [`DELETE ${designPath}/logo`]: () => jsonResponse({ ...withLogo, hasLogo: false, logoType: null, logoUpdatedAt: null }) },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Remove logo' }));
    expect(await screen.findByText('Your logo has been removed.')).toBeInTheDocument();
    expect(screen.queryByAltText('Your report logo')).not.toBeInTheDocument();
    expect(calls(`${designPath}/logo`, 'DELETE')).toHaveLength(1);
  });
});
