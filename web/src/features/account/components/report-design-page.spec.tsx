import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { reportBrandInUseMessage, reportBrandMessages, reportDesignMessages, type ReportBrand } from '@serpwise/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Providers, createQueryClient } from '@/app/providers';
import { jsonResponse } from '@test/fake-socket';
import { ReportDesignPage } from './report-design-page';

type FetchArgs = [string, RequestInit?];
const fetchMock = jest.fn<(...args: FetchArgs) => Promise<Response>>();
const brandsPath = '/rest/account/report-brands';
const northwind: ReportBrand = {
  id: '11111111-1111-4111-8111-111111111111', name: 'Northwind', companyName: 'Northwind Search', primaryColor: '#7c2d12', accentColor: '#0f766e',
  contactLine: 'hello@northwind.example', hasLogo: false, logoType: null, logoUpdatedAt: null, isDefault: true, scheduledReports: 0,
};
const fabrikam: ReportBrand = { ...northwind, id: '22222222-2222-4222-8222-222222222222', name: 'Fabrikam', companyName: 'Fabrikam Ltd', contactLine: '', isDefault: false, scheduledReports: 2 };

/** A small stand-in of the brands API: it keeps the list, so the page's re-reads see each change. */
let brands: ReportBrand[];
let canEdit: boolean;
const calls = (path: string, method: string) => fetchMock.mock.calls.filter(([url, init]) => url.split('?')[0] === path && (init?.method ?? 'GET') === method);
const bodyOf = (init?: RequestInit) => JSON.parse(String(init!.body)) as Record<string, unknown>;

function renderPage(user: { isFullUser: boolean; isFullReconUser: boolean }, answers: Partial<Record<string, (init?: RequestInit) => Response>> = {}) {
  fetchMock.mockImplementation(async (url, init) => {
    const method = init?.method ?? 'GET';
    const path = url.split('?')[0]!;
    if (url === '/endpoints/accountapi/getactivestate') return jsonResponse({ user: { isLoggedIn: true, roles: [], ...user }, tracking: {} });
    const answer = answers[`${method} ${path}`];
    if (answer) return answer(init);
    if (path === brandsPath && method === 'GET') return jsonResponse({ brands, canEdit });
    if (path === brandsPath && method === 'POST') {
      const created = { ...northwind, ...bodyOf(init), id: '33333333-3333-4333-8333-333333333333', isDefault: false, scheduledReports: 0 } as ReportBrand;
      brands = [...brands, created];
      return jsonResponse(created, 201);
    }
    const [, id, action] = /^\/rest\/account\/report-brands\/([^/]+)(?:\/(\w+))?$/.exec(path) ?? [];
    const brand = brands.find((candidate) => candidate.id === id);
    if (brand && method === 'PUT') {
      Object.assign(brand, bodyOf(init));
      return jsonResponse(brand);
    }
    if (brand && method === 'POST' && action === 'default') {
      brands = brands.map((candidate) => ({ ...candidate, isDefault: candidate.id === id }));
      return jsonResponse({ ...brand, isDefault: true });
    }
    if (brand && method === 'POST' && action === 'logo') {
      Object.assign(brand, { hasLogo: true, logoType: 'image/png', logoUpdatedAt: '2026-11-22T10:00:00.000Z' });
      return jsonResponse(brand);
    }
    if (brand && method === 'DELETE' && !action) {
      brands = brands.filter((candidate) => candidate.id !== id);
      return jsonResponse({ message: reportBrandMessages.deleted, moved: 0 });
    }
    return jsonResponse({}, 404);
  });
  render(
    <Providers client={createQueryClient()}>
      <ReportDesignPage />
    </Providers>,
  );
}

const recon = { isFullUser: true, isFullReconUser: true };
const itemOf = async (name: string) => within(await screen.findByRole('listitem', { name }));

beforeEach(() => {
  document.head.innerHTML = '<meta name="csrf-token" content="t">';
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  brands = [{ ...northwind }, { ...fabrikam }];
  canEdit = true;
});

describe('/account/reportdesign', () => {
  it.each([
    ['a full user', { isFullUser: true, isFullReconUser: false }],
    ['a free user', { isFullUser: false, isFullReconUser: false }],
  ])('shows %s the upsell and never asks for brands', async (_who, user) => {
    renderPage(user);
    expect(await screen.findByTestId('white-label-upsell')).toHaveTextContent(reportDesignMessages.reconRequired);
    expect(screen.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/upgrade');
    expect(screen.queryByRole('button', { name: 'New brand' })).not.toBeInTheDocument();
    expect(calls(brandsPath, 'GET')).toHaveLength(0);
  });

  it('lists the brands with the default marked and how many scheduled reports use each', async () => {
    renderPage(recon);
    const first = await itemOf('Northwind');
    expect(first.getByText('Default')).toBeInTheDocument();
    expect(first.getByText('Not used by a scheduled report')).toBeInTheDocument();
    expect(first.queryByRole('button', { name: 'Make default' })).not.toBeInTheDocument();
    const second = await itemOf('Fabrikam');
    expect(second.getByText('Used by 2 scheduled reports')).toBeInTheDocument();
    expect(second.queryByText('Default')).not.toBeInTheDocument();
  });

  it('creates a brand: checks the fields first, then sends them and uploads the chosen logo with the token', async () => {
    renderPage(recon);
    await userEvent.click(await screen.findByRole('button', { name: 'New brand' }));
    const dialog = within(screen.getByRole('dialog', { name: 'New brand' }));
    const user = userEvent.setup({ applyAccept: false });
    await user.type(dialog.getByLabelText('Main colour'), 'crimson');
    await user.click(dialog.getByRole('button', { name: 'Create brand' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Please check the fields marked in red.');
    expect(dialog.getByText(reportBrandMessages.nameRequired)).toBeInTheDocument();
    expect(dialog.getByText(reportDesignMessages.colorInvalid)).toBeInTheDocument();

    await user.upload(dialog.getByLabelText('Logo'), new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    expect(dialog.getByText(reportDesignMessages.logoType)).toBeInTheDocument();
    await user.upload(dialog.getByLabelText('Logo'), new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' }));
    expect(dialog.queryByText(reportDesignMessages.logoType)).not.toBeInTheDocument();
    await user.clear(dialog.getByLabelText('Main colour'));
    await user.type(dialog.getByLabelText('Main colour'), '#112233');
    await user.type(dialog.getByLabelText('Brand name'), 'Contoso');
    await user.type(dialog.getByLabelText('Company name'), 'Contoso Reports');
    await user.type(dialog.getByLabelText('Contact line'), 'Call +1 555 0100');
    await user.click(dialog.getByRole('checkbox', { name: 'Make this the default brand' }));
    expect(calls(brandsPath, 'POST')).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Create brand' }));

    await (await itemOf('Contoso')).findByAltText('Contoso logo');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const [, init] = calls(brandsPath, 'POST')[0]!;
    expect(bodyOf(init)).toEqual({ name: 'Contoso', companyName: 'Contoso Reports', primaryColor: '#112233', accentColor: '#f59e0b', contactLine: 'Call +1 555 0100', isDefault: true });
    expect((init!.headers as Record<string, string>)['x-csrf-token']).toBe('t');
    const [, upload] = calls(`${brandsPath}/33333333-3333-4333-8333-333333333333/logo`, 'POST')[0]!;
    expect(((upload!.body as FormData).get('logo') as File).name).toBe('logo.png');
    expect((upload!.headers as Record<string, string>)['x-csrf-token']).toBe('t');
  });

  it('edits a brand and makes another the default', async () => {
    renderPage(recon);
    await (await itemOf('Fabrikam')).findByRole('button', { name: 'Edit' }).then((button) => userEvent.click(button));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit brand “Fabrikam”' }));
    expect(dialog.getByLabelText('Company name')).toHaveValue('Fabrikam Ltd');
    await userEvent.clear(dialog.getByLabelText('Company name'));
    await userEvent.type(dialog.getByLabelText('Company name'), 'Fabrikam Growth');
    await userEvent.click(dialog.getByRole('button', { name: 'Save brand' }));
    await (await itemOf('Fabrikam')).findByText('Fabrikam Growth');
    expect(bodyOf(calls(`${brandsPath}/${fabrikam.id}`, 'PUT')[0]![1])).toMatchObject({ name: 'Fabrikam', companyName: 'Fabrikam Growth', contactLine: '' });

    await userEvent.click((await itemOf('Fabrikam')).getByRole('button', { name: 'Make default' }));
    await (await itemOf('Fabrikam')).findByText('Default');
    expect((await itemOf('Northwind')).queryByText('Default')).not.toBeInTheDocument();
    expect(calls(`${brandsPath}/${fabrikam.id}/default`, 'POST')).toHaveLength(1);
  });

  it('deletes an unused brand after asking', async () => {
    renderPage(recon);
    await userEvent.click((await itemOf('Northwind')).getByRole('button', { name: 'Delete' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete brand' }));
    expect(dialog.getByText(/Delete the brand “Northwind”\?/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Northwind' })).not.toBeInTheDocument());
    expect(calls(`${brandsPath}/${northwind.id}`, 'DELETE')[0]![0]).toBe(`${brandsPath}/${northwind.id}`);
  });

  it('deletes a brand that schedules use only by moving them to another brand, and shows a refusal', async () => {
    renderPage(recon, {
      [`DELETE ${brandsPath}/${fabrikam.id}`]: () => jsonResponse({ statusCode: 409, message: reportBrandInUseMessage('Fabrikam', 3), errors: [reportBrandInUseMessage('Fabrikam', 3)] }, 409),
    });
    await userEvent.click((await itemOf('Fabrikam')).getByRole('button', { name: 'Delete' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete brand' }));
    expect(dialog.getByTestId('brand-in-use')).toHaveTextContent('“Fabrikam” is used by 2 scheduled reports. Choose another brand for them, then delete.');
    expect(dialog.getByLabelText('Move them to')).toHaveDisplayValue('Northwind (default)');
    await userEvent.click(dialog.getByRole('button', { name: 'Move and delete' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(reportBrandInUseMessage('Fabrikam', 3));
    expect(calls(`${brandsPath}/${fabrikam.id}`, 'DELETE')[0]![0]).toBe(`${brandsPath}/${fabrikam.id}?moveSchedulesTo=${northwind.id}`);
  });

  it('offers no deletion of the only brand while schedules use it', async () => {
    brands = [{ ...northwind, scheduledReports: 1 }];
    renderPage(recon);
    await userEvent.click((await itemOf('Northwind')).getByRole('button', { name: 'Delete' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete brand' }));
    expect(dialog.getByText('Make another brand first: it is your only one.')).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it('shows a child account its owner’s brands without ways to change them', async () => {
    canEdit = false;
    renderPage(recon);
    await itemOf('Northwind');
    expect(screen.getByText('These are your team owner’s brands: only the owner can change them.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New brand' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});
