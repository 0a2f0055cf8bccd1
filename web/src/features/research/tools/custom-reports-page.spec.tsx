import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { pdfExportMessages, type ReportBrandList } from '@serpwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { activeState } from '@test/active-state';
import { jsonResponse } from '@test/fake-socket';
import { renderInApp } from '@test/render-page';
import { CustomReportsPage } from './custom-reports-page';

type FetchArgs = [string, RequestInit?];
const fetchMock = jest.fn<(...args: FetchArgs) => Promise<Response>>();
const brands: ReportBrandList = {
  canEdit: true,
  brands: [
    { id: '11111111-1111-4111-8111-111111111111', name: 'Northwind', companyName: 'Northwind', primaryColor: '#7c2d12', accentColor: '#0f766e', contactLine: '', hasLogo: false, logoType: null, logoUpdatedAt: null, isDefault: true, scheduledReports: 0 },
    { id: '22222222-2222-4222-8222-222222222222', name: 'Fabrikam', companyName: 'Fabrikam', primaryColor: '#000000', accentColor: '#ffffff', contactLine: '', hasLogo: false, logoType: null, logoUpdatedAt: null, isDefault: false, scheduledReports: 0 },
  ],
};

function renderAs(user: { isFullUser: boolean; isFullReconUser: boolean }) {
  fetchMock.mockImplementation(async (url, init) => {
    if (url.startsWith('/endpoints/accountapi/getactivestate')) return jsonResponse(activeState({ isLoggedIn: true, ...user }));
    if (url === '/rest/account/report-brands') return jsonResponse(brands);
    if (url.startsWith('/Endpoints/PdfExport/') && init?.method === 'POST') return jsonResponse({ id: 'job-1', state: 'queued', pdf: { sessionId: '1', isReady: false, isError: false, url: null }, data: { isSuccessful: true, message: 'ok', scheduledReport: {} } });
    return jsonResponse([]);
  });
  renderInApp(<CustomReportsPage />, '/custom-reports');
}

const sentForm = () => {
  const call = fetchMock.mock.calls.find(([url, init]) => url.startsWith('/Endpoints/PdfExport/') && init?.method === 'POST');
  return call ? Object.fromEntries((call[1]!.body as FormData).entries()) : null;
};

beforeEach(() => {
  document.head.innerHTML = '<meta name="csrf-token" content="t">';
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

describe('/custom-reports', () => {
  it('opens the report builder from a template card with that template chosen, and from "Create an SEO report"', async () => {
    renderAs({ isFullUser: true, isFullReconUser: false });
    await userEvent.click(await screen.findByRole('button', { name: 'Executive template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a PDF report' });
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Template').value).toBe('Executive');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create an SEO report' }));
    expect(await screen.findByRole('dialog', { name: 'Create a PDF report' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Create an SEO report' })).toBeNull();
  });

  it('opens it from a design card with that design, and sends the brand picked under White label', async () => {
    renderAs({ isFullUser: true, isFullReconUser: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Zest design' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a PDF report' });
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Design').value).toBe('Zest');
    await userEvent.type(within(dialog).getByLabelText('Domain'), 'client.example');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /White label/ }));
    const brand = await within(dialog).findByLabelText<HTMLSelectElement>('Brand');
    expect(brand.value).toBe(brands.brands[0]!.id);
    await userEvent.selectOptions(brand, brands.brands[1]!.id);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Export PDF' }));
    await waitFor(() => expect(sentForm()).not.toBeNull());
    expect(sentForm()).toMatchObject({ itemName: 'client.example', whiteLabel: 'true', brandId: brands.brands[1]!.id, styleId: '6' });
  });

  it('flags a bad recipient in the e-mail tag input and refuses to send until it is fixed', async () => {
    renderAs({ isFullUser: true, isFullReconUser: false });
    await userEvent.click(await screen.findByRole('button', { name: 'Create an SEO report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a PDF report' });
    await userEvent.type(within(dialog).getByLabelText('Domain'), 'client.example');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Schedule' }));
    await userEvent.type(within(dialog).getByLabelText('Other recipients'), 'client@acme.test, not-an-address');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule report' }));
    expect(await within(dialog).findByText(new RegExp(pdfExportMessages.recipientInvalid))).toBeTruthy();
    expect(within(dialog).getByLabelText('Other recipients').getAttribute('aria-invalid')).toBe('true');
    expect(sentForm()).toBeNull();

    await userEvent.clear(within(dialog).getByLabelText('Other recipients'));
    await userEvent.type(within(dialog).getByLabelText('Other recipients'), 'boss@acme.test,');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule report' }));
    await waitFor(() => expect(sentForm()).not.toBeNull());
    expect(sentForm()).toMatchObject({ emailCsv: 'client@acme.test, boss@acme.test', scheduleReport: 'true' });
  });

  it('sends a visitor to log in instead of opening the builder', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(activeState()));
    renderInApp(<CustomReportsPage />, '/custom-reports');
    await userEvent.click(await screen.findByRole('button', { name: 'Strategy template' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
