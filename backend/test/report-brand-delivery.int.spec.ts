import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { csrfHeaderName, reportBrandInUseMessage, reportBrandMessages, reportBrandMovedMessage, type PdfExportStatus, type ReportBrand, type ReportBrandList, type ScheduledPdfReport } from '@serpwise/contracts';
import { pino } from 'pino';
import type { HttpSession } from '../../infra/test/http-session.js';
import { pdfText, squeezeSpaces } from '../../infra/test/pdf-text.js';
import { attachmentsOf, headerOf, mimePartsOf, startSmtpSink } from '../../infra/test/smtp-sink.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { createTestUser, loggedInSession } from '../../infra/test/test-users.js';
import { startWorker, type RunningWorker } from '../../worker/src/worker.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';
import { jobTestTimeoutMs } from '../../infra/test/waiting.js';

/**
 * Brands in delivery (issue 22 point 2), against PostgreSQL, Redis, a worker and a local SMTP server: an agency with
 * two brands schedules a white-labelled report in the second one, presses Send now, and the client's mail (HTML and
 * text) and its PDF carry that brand's company and contact line, not the default brand's; a schedule cannot name
 * another account's brand; changing a schedule's brand changes the next delivery; a brand that schedules use is
 * deleted only by moving them to another brand first.
 */
jest.setTimeout(jobTestTimeoutMs);

let app: TestApp;
let worker: RunningWorker;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let agency: HttpSession;
let other: HttpSession;
let domain: string;

const json = async <T>(response: Response) => (await response.json()) as T;
const send = (browser: HttpSession, method: string, path: string, body?: unknown) => browser.request(method, path, { [csrfHeaderName]: browser.csrfToken }, body);
const brand = async (browser: HttpSession, name: string, contactLine: string) =>
  json<ReportBrand>(await send(browser, 'POST', '/rest/account/report-brands', { name, companyName: `${name} Agency`, primaryColor: '#7c2d12', accentColor: '#0f766e', contactLine }));

const scheduleForm = (extra: Record<string, string>) => {
  const data = new FormData();
  const fields = { itemName: domain, countryCode: 'US', template: 'Executive', styleId: '1', scheduleReport: 'true', frequency: 'WEEKLY', sendReportToSelf: 'false', emailCsv: 'client@brand.test', whiteLabel: 'true', ...extra };
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

beforeAll(async () => {
  smtp = await startSmtpSink();
  app = await startTestApp({ tinyMarket: true, env: { SMTP_URL: smtp.url } });
  worker = await startWorker(app.environment, pino({ level: 'silent' }), { httpPort: 0 });
  const [row] = await app.database.query<{ name: string }>(`select d.name from domain_month m join domain d on d.id = m.domain_id where m.territory = 'US' order by m.organic_keywords desc, d.name limit 1`);
  domain = row!.name;
  agency = await loggedInSession(app.baseUrl, await createTestUser(app.database, { roles: ['recon_full'] }));
  other = await loggedInSession(app.baseUrl, await createTestUser(app.database, { roles: ['recon_full'] }));
}, setUpTimeoutMs);

afterAll(async () => {
  await worker?.stop();
  await app?.stop();
  await smtp?.stop();
}, setUpTimeoutMs);

async function deliveredMail(report: ScheduledPdfReport, subject: string) {
  const started = await agency.post(`/rest/reports/schedules/${report.alertId}/send-now`, {});
  expect(started.status).toBe(202);
  const job = await json<PdfExportStatus>(started);
  const mail = await smtp.waitFor((candidate) => headerOf(candidate.raw, 'Subject') === subject && candidate.to.includes('client@brand.test'));
  // The mail leaves before the job's record is completed, and a Send now while the delivery still runs answers that
  // delivery (the dedupe key): the next test's press must come after it ended, as a person's would.
  await deliveryEnded(report, job.id);
  const parts = mimePartsOf(mail.raw);
  const [attachment] = attachmentsOf(mail.raw, 'application/pdf');
  return {
    html: parts.find((part) => part.contentType === 'text/html')!.text,
    text: parts.find((part) => part.contentType === 'text/plain')!.text,
    pdf: squeezeSpaces(await pdfText(attachment!.content)),
  };
}

async function deliveryEnded(report: ScheduledPdfReport, jobId: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const deliveries = await json<PdfExportStatus[]>(await agency.get(`/rest/reports/schedules/${report.alertId}/deliveries`));
    const state = deliveries.find((delivery) => delivery.id === jobId)?.state;
    if (state === 'completed') return;
    if (Date.now() > deadline) throw new Error(`The delivery ${jobId} did not complete within 60 s (state ${state})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a schedule sent in one of two brands', () => {
  let first: ReportBrand;
  let second: ReportBrand;
  let report: ScheduledPdfReport;

  beforeAll(async () => {
    first = await brand(agency, 'Northwind', 'reports@northwind.example');
    second = await brand(agency, 'Fabrikam', 'Call Fabrikam on +1 555 0100');
    expect(first.isDefault).toBe(true);
    expect(second.isDefault).toBe(false);
  });

  it('refuses another account’s brand and saves nothing', async () => {
    const foreign = await brand(other, 'Contoso', 'contoso');
    const response = await agency.postForm('/Endpoints/PdfExport/Schedule', scheduleForm({ customTitle: 'Stolen Brand', brandId: foreign.id }));
    expect(response.status).toBe(404);
    expect(((await response.json()) as { message: string }).message).toBe(reportBrandMessages.notFound);
    const email = await agency.postForm('/Endpoints/PdfExport/Export', scheduleForm({ scheduleReport: 'false', sendByEmail: 'true', brandId: foreign.id }));
    expect(email.status).toBe(404);
    expect(await json<ScheduledPdfReport[]>(await agency.get('/Endpoints/PdfExport/GetScheduledPdfReports'))).toEqual([]);
  });

  it('mails the client an HTML message and a PDF in the picked brand', async () => {
    const response = await agency.postForm('/Endpoints/PdfExport/Schedule', scheduleForm({ customTitle: 'Fabrikam Weekly', brandId: second.id }));
    expect(response.status).toBe(200);
    report = (await json<{ data: { scheduledReport: ScheduledPdfReport } }>(response)).data.scheduledReport;
    expect(report.brandId).toBe(second.id);

    const mail = await deliveredMail(report, 'Fabrikam Weekly');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Fabrikam Agency');
      expect(part).toContain('Call Fabrikam on +1 555 0100');
      expect(part).not.toContain('Northwind');
    }
    expect(mail.html).toContain('#7c2d12');
    expect(mail.pdf).toContain('Fabrikam Agency');
    expect(mail.pdf).toContain('Call Fabrikam on +1 555 0100');
    expect(mail.pdf).not.toMatch(/serpwise/i);
  });

  it('sends the next delivery in the default brand once the schedule’s brand is cleared', async () => {
    const updated = await send(agency, 'POST', '/Endpoints/PdfExport/UpdateScheduledPdfReports', { alertId: report.alertId, brandId: null, customTitle: 'Northwind Weekly' });
    expect(updated.status).toBe(200);
    const [listed] = await json<ScheduledPdfReport[]>(await agency.get('/Endpoints/PdfExport/GetScheduledPdfReports'));
    expect(listed).toMatchObject({ brandId: null, customTitle: 'Northwind Weekly' });
    const mail = await deliveredMail(report, 'Northwind Weekly');
    expect(mail.text).toContain('Northwind Agency');
    expect(mail.pdf).toContain('reports@northwind.example');
    expect(mail.pdf).not.toContain('Fabrikam');
  });

  it('refuses to delete a brand schedules use, and deletes it once they move to another brand', async () => {
    const moved = await send(agency, 'POST', '/Endpoints/PdfExport/UpdateScheduledPdfReports', { alertId: report.alertId, brandId: second.id });
    expect(moved.status).toBe(200);
    expect((await json<ReportBrandList>(await agency.get('/rest/account/report-brands'))).brands.map((listed) => [listed.name, listed.scheduledReports])).toEqual([['Northwind', 0], ['Fabrikam', 1]]);

    const refused = await send(agency, 'DELETE', `/rest/account/report-brands/${second.id}`);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ message: reportBrandInUseMessage('Fabrikam', 1), errors: [reportBrandInUseMessage('Fabrikam', 1)] });
    // Not to itself, nor to another account's brand: refused, nothing changed.
    const foreign = await brand(other, 'Contoso', 'contoso');
    for (const target of [second.id, foreign.id, 'nope']) {
      const response = await send(agency, 'DELETE', `/rest/account/report-brands/${second.id}?moveSchedulesTo=${target}`);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(reportBrandMessages.moveTargetInvalid);
    }
    expect((await json<ScheduledPdfReport[]>(await agency.get('/Endpoints/PdfExport/GetScheduledPdfReports')))[0]!.brandId).toBe(second.id);

    const deleted = await send(agency, 'DELETE', `/rest/account/report-brands/${second.id}?moveSchedulesTo=${first.id}`);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ message: reportBrandMovedMessage(1, 'Northwind'), moved: 1 });
    expect((await json<ScheduledPdfReport[]>(await agency.get('/Endpoints/PdfExport/GetScheduledPdfReports')))[0]!.brandId).toBe(first.id);
    expect((await json<ReportBrandList>(await agency.get('/rest/account/report-brands'))).brands.map((listed) => [listed.name, listed.scheduledReports])).toEqual([['Northwind', 1]]);
  });
});
