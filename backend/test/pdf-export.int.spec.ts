import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  accountMessages,
  defaultScheduleTiming,
  pdfExportMessages,
  projectAlertMessages,
  scheduledQueue,
  scheduledReportJobName,
  scheduleCronPattern,
  scheduledReportSchedulerId,
  type PdfExportStatus,
  type ProjectAlert,
  type ScheduledPdfReport,
} from '@serpwise/contracts';
import { createRedisConnection, queueKeyPrefix } from '@serpwise/platform';
import { Queue } from 'bullmq';
import { pino } from 'pino';
import type { HttpSession } from '../../infra/test/http-session.js';
import { pdfText, squeezeSpaces } from '../../infra/test/pdf-text.js';
import { attachmentsOf, headerOf, startSmtpSink } from '../../infra/test/smtp-sink.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { createTestUser, loggedInSession, type TestUser } from '../../infra/test/test-users.js';
import { startWorker, type RunningWorker } from '../../worker/src/worker.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';
import { jobTestTimeoutMs, untilJobStatus } from '../../infra/test/waiting.js';

/**
 * The PDF export calls end to end (issue 6 items 2, 3, 7): the API records report jobs, a real worker renders them
 * with @serpwise/reports and e-mails them through a local SMTP server (smtp-server); scheduled reports are BullMQ job
 * schedulers whose firing is promoted here instead of waiting for Monday. PDFs are read back with pdftotext.
 */
jest.setTimeout(jobTestTimeoutMs);

let app: TestApp;
let worker: RunningWorker;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let scheduled: Queue;
let schedulerConnection: ReturnType<typeof createRedisConnection>;
let full: HttpSession;
let other: HttpSession;
let free: HttpSession;
let visitor: HttpSession;
let fullUser: TestUser;
let domain: string;

const json = async <T>(response: Response) => (await response.json()) as T;

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

const reportFields = (extra: Record<string, string> = {}) => ({
  itemName: domain,
  countryCode: 'US',
  template: 'Executive',
  styleId: '3',
  customTitle: 'Quarterly Check for Acme',
  preparedFor: 'Acme Ltd',
  ...extra,
});

async function waitForStatus(session: HttpSession, sessionId: string, done: (status: PdfExportStatus) => boolean): Promise<PdfExportStatus> {
  const read = async () => {
    const response = await session.get(`/Endpoints/PdfExport/GetStatus?sessionId=${sessionId}`);
    return response.status === 200 ? json<PdfExportStatus>(response) : undefined;
  };
  return untilJobStatus(`PDF export ${sessionId}`, read, done);
}

const listSchedules = async (session: HttpSession) => json<ScheduledPdfReport[]>(await session.get('/Endpoints/PdfExport/GetScheduledPdfReports'));

/** The firing of a scheduled report's job scheduler that is waiting for its time: run it now. */
async function fireSchedule(scheduleId: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const delayed = await scheduled.getDelayed();
    const job = delayed.find((candidate) => candidate.name === scheduledReportJobName && (candidate.data as { scheduleId?: string }).scheduleId === scheduleId);
    if (job) return job.promote();
    if (Date.now() > deadline) throw new Error(`No waiting firing for ${scheduleId}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  app = await startTestApp({ tinyMarket: true, env: { SMTP_URL: smtp.url, MAIL_FROM: 'Serpwise <reports@serpwise.test>' } });
  worker = await startWorker(app.environment, pino({ level: 'silent' }), { httpPort: 0 });
  schedulerConnection = createRedisConnection(app.environment, 'pdf-export-test');
  scheduled = new Queue(scheduledQueue, { connection: schedulerConnection, prefix: queueKeyPrefix(app.environment.REDIS_PREFIX) });
  const [row] = await app.database.query<{ name: string }>(
    `select d.name from domain_month m join domain d on d.id = m.domain_id
     where m.territory = 'US' and m.month = (select max(month) from domain_month where territory = 'US')
     order by m.paid_keywords desc, m.organic_keywords desc, d.name limit 1`,
  );
  domain = row!.name;
  fullUser = await createTestUser(app.database, { roles: ['full'] });
  full = await loggedInSession(app.baseUrl, fullUser);
  other = await loggedInSession(app.baseUrl, await createTestUser(app.database, { roles: ['full'] }));
  free = await loggedInSession(app.baseUrl, await createTestUser(app.database, { roles: ['free'] }));
  visitor = new (full.constructor as new (baseUrl: string) => HttpSession)(app.baseUrl);
  await visitor.open('/');
}, setUpTimeoutMs);

afterAll(async () => {
  await scheduled?.close();
  await schedulerConnection?.quit();
  await worker?.stop();
  await app?.stop();
  await smtp?.stop();
}, setUpTimeoutMs);

describe('ExportAsync (download)', () => {
  it('renders the report in the worker and opens it for its owner only', async () => {
    const response = await full.postForm('/Endpoints/PdfExport/ExportAsync', form(reportFields({ sessionId: '424242' })));
    expect(response.status).toBe(202);
    const started = await json<PdfExportStatus>(response);
    expect(started.pdf).toMatchObject({ sessionId: '424242', isReady: false, isError: false, url: null });

    const ready = await waitForStatus(full, '424242', (status) => status.pdf.isReady || status.pdf.isError);
    expect(ready.pdf.isError).toBe(false);
    expect(ready.pdf.url).toMatch(/^\/rest\/reports\/jobs\/[0-9a-f-]+\/pdf\?expires=\d+&signature=/);
    expect(ready.pdf.fileName).toMatch(/\.pdf$/);

    const file = await full.get(ready.pdf.url!);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toMatch(/^inline;/);
    const text = squeezeSpaces(await pdfText(Buffer.from(await file.arrayBuffer())));
    expect(text).toContain('Quarterly Check for Acme');
    expect(text).toContain('Acme Ltd');
    expect(text).toContain(domain);

    // Another user can neither open it nor find it by the session id; nothing was e-mailed.
    expect((await other.get(ready.pdf.url!)).status).toBe(403);
    expect((await other.get('/Endpoints/PdfExport/GetStatus?sessionId=424242')).status).toBe(404);
    expect(smtp.mails.filter((mail) => mail.raw.includes('Quarterly Check for Acme'))).toHaveLength(0);
  });

  it('refuses bad forms with their messages and records nothing', async () => {
    const before = await app.database.query<{ count: number }>(`select count(*)::int as count from job_record where name = 'report.pdf'`);
    const cases: [Record<string, string>, string][] = [
      [reportFields({ styleId: '12' }), pdfExportMessages.styleId],
      [reportFields({ template: 'Glossy' }), 'The template must be one of Comprehensive, Executive, Opportunity, Progress, Strategy.'],
      [reportFields({ comments: 'x'.repeat(1771) }), 'The max number of characters is 1770'],
      [reportFields({ elements: '[{"printId":' }), pdfExportMessages.elements],
      [reportFields({ sessionId: 'abc' }), pdfExportMessages.sessionId],
      [{ countryCode: 'US' }, 'Enter the domain the report is about.'],
    ];
    for (const [fields, message] of cases) {
      const response = await full.postForm('/Endpoints/PdfExport/ExportAsync', form(fields));
      expect(response.status).toBe(400);
      expect((await json<{ message: string }>(response)).message).toBe(message);
    }
    const after = await app.database.query<{ count: number }>(`select count(*)::int as count from job_record where name = 'report.pdf'`);
    expect(after[0]!.count).toBe(before[0]!.count);
  });

  it('is for full users: visitors get 401, free users 403', async () => {
    expect((await visitor.postForm('/Endpoints/PdfExport/ExportAsync', form(reportFields()))).status).toBe(401);
    expect((await free.postForm('/Endpoints/PdfExport/ExportAsync', form(reportFields()))).status).toBe(403);
    expect((await visitor.get('/Endpoints/PdfExport/GetScheduledPdfReports')).status).toBe(401);
    expect((await free.get('/Endpoints/PdfExport/GetScheduledPdfReports')).status).toBe(403);
  });
});

describe('Export (e-mail only)', () => {
  it('e-mails the PDF to the user and the other addresses, once each, and keeps it for the mail’s link', async () => {
    const response = await full.postForm(
      '/Endpoints/PdfExport/Export',
      form(reportFields({ sessionId: '515151', customTitle: 'Emailed Report Title', sendByEmail: 'true', sendReportToSelf: 'true', emailCsv: 'boss@client.test; Team@Client.test' })),
    );
    expect(response.status).toBe(202);
    const done = await waitForStatus(full, '515151', (status) => status.pdf.isReady || status.pdf.isError);
    expect(done.pdf).toMatchObject({ isReady: true, emailTo: [fullUser.email, 'boss@client.test', 'team@client.test'] });
    // A mailed report is kept (its mail links it), so its owner can open it too.
    expect(done.pdf.url).toMatch(/^\/rest\/reports\/jobs\//);

    // One message per address: each is written to its reader.
    const mails = await Promise.all(
      [fullUser.email, 'boss@client.test', 'team@client.test'].map((address) => smtp.waitFor((candidate) => headerOf(candidate.raw, 'Subject') === 'Emailed Report Title' && candidate.to.includes(address))),
    );
    for (const mail of mails) expect(mail.to).toHaveLength(1);
    const [pdf] = attachmentsOf(mails[1]!.raw, 'application/pdf');
    expect(pdf!.fileName).toMatch(/\.pdf$/);
    expect(await pdfText(pdf!.content)).toContain('Emailed Report Title');
    expect(smtp.mails.filter((candidate) => headerOf(candidate.raw, 'Subject') === 'Emailed Report Title')).toHaveLength(3);
  });

  it('needs somewhere to send it, and valid addresses', async () => {
    const nobody = await full.postForm('/Endpoints/PdfExport/Export', form(reportFields({ sendByEmail: 'true' })));
    expect(nobody.status).toBe(400);
    expect((await json<{ message: string }>(nobody)).message).toBe(pdfExportMessages.noRecipients);
    const bad = await full.postForm('/Endpoints/PdfExport/Export', form(reportFields({ emailCsv: 'not-an-address' })));
    expect(bad.status).toBe(400);
    expect((await json<{ message: string }>(bad)).message).toBe(accountMessages.invalidEmail);
  });
});

describe('Scheduled reports', () => {
  let scheduleId: string;
  let projectId: string;

  it('saves a WEEKLY schedule with its project alert, as a job scheduler', async () => {
    const [project] = await app.database.query<{ id: string }>(
      `insert into project (id, owner_user_id, name, domain, territory, created_at, updated_at) values (gen_random_uuid(), $1, 'Acme project', $2, 'US', now(), now()) returning id`,
      [fullUser.id, domain],
    );
    projectId = project!.id;
    const response = await full.postForm(
      '/Endpoints/PdfExport/Schedule',
      form(
        reportFields({
          customTitle: 'Weekly Acme Report',
          scheduleReport: 'true',
          frequency: 'WEEKLY',
          sendReportToSelf: 'false',
          emailCsv: 'client@acme.test',
          sendAlerts: 'true',
          alertConfig: JSON.stringify({ projectId }),
        }),
      ),
    );
    expect(response.status).toBe(200);
    const body = await json<{ data: { isSuccessful: boolean; scheduledReport: ScheduledPdfReport } }>(response);
    expect(body.data.isSuccessful).toBe(true);
    scheduleId = body.data.scheduledReport.alertId;
    expect(body.data.scheduledReport).toMatchObject({ frequency: 'WEEKLY', recipients: ['client@acme.test'], sendReportToSelf: false, isActive: true, domain, design: 'Arc', styleId: 3 });

    const scheduler = await scheduled.getJobScheduler(scheduledReportSchedulerId(scheduleId));
    expect(scheduler?.pattern).toBe(scheduleCronPattern('WEEKLY', defaultScheduleTiming));
    const [listed] = (await listSchedules(full)).filter((report) => report.alertId === scheduleId);
    expect(new Date(listed!.nextRunAt!).getUTCDay()).toBe(1);
    expect(listed!.lastDelivery).toBeNull();

    // The project alert saved with it (docs/product/account-exports-reports.md §4).
    const alerts = await json<ProjectAlert[]>(await full.get('/NsaApi/Account/GetProjectAlerts'));
    expect(alerts).toContainEqual(expect.objectContaining({ alertId: listed!.projectAlertId, projectId, alertTypeId: 1, isActive: true, alertRecipients: [{ emailAddress: 'client@acme.test', isActive: true }] }));
  });

  it('e-mails the PDF when the schedule fires, and shows the delivery', async () => {
    await fireSchedule(scheduleId);
    const mail = await smtp.waitFor((candidate) => headerOf(candidate.raw, 'Subject') === 'Weekly Acme Report');
    expect(mail.to).toEqual(['client@acme.test']);
    const [pdf] = attachmentsOf(mail.raw, 'application/pdf');
    expect(squeezeSpaces(await pdfText(pdf!.content))).toContain('Weekly Acme Report');
    const deadline = Date.now() + 20_000;
    let delivery: ScheduledPdfReport['lastDelivery'] = null;
    while (Date.now() < deadline && delivery?.state !== 'completed') {
      delivery = (await listSchedules(full)).find((report) => report.alertId === scheduleId)!.lastDelivery;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    expect(delivery).toMatchObject({ state: 'completed', error: null });
  });

  it('retries a refused delivery and shows the failure to the user', async () => {
    const response = await full.postForm(
      '/Endpoints/PdfExport/Schedule',
      form(reportFields({ customTitle: 'Bounced Report', frequency: 'MONTHLY', emailCsv: 'gone@acme.test' })),
    );
    const failing = (await json<{ data: { scheduledReport: ScheduledPdfReport } }>(response)).data.scheduledReport.alertId;
    smtp.refuse.add('gone@acme.test');
    await fireSchedule(failing);
    const deadline = Date.now() + 60_000;
    let delivery: ScheduledPdfReport['lastDelivery'] = null;
    while (Date.now() < deadline && delivery?.state !== 'failed') {
      delivery = (await listSchedules(full)).find((report) => report.alertId === failing)!.lastDelivery;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(delivery?.state).toBe('failed');
    expect(delivery?.attempts).toBe(3);
    expect(delivery?.error).toMatch(/550|Mailbox unavailable|recipients/i);
    smtp.refuse.clear();
  });

  it('changes, pauses and deletes only the user’s own schedules', async () => {
    const changed = await full.post('/Endpoints/PdfExport/UpdateScheduledPdfReports', [{ alertId: scheduleId, frequency: 'MONTHLY', emailCsv: 'a@acme.test, b@acme.test' }]);
    expect(changed.status).toBe(200);
    expect((await scheduled.getJobScheduler(scheduledReportSchedulerId(scheduleId)))?.pattern).toBe(scheduleCronPattern('MONTHLY', defaultScheduleTiming));
    let listed = (await listSchedules(full)).find((report) => report.alertId === scheduleId)!;
    expect(listed).toMatchObject({ frequency: 'MONTHLY', recipients: ['a@acme.test', 'b@acme.test'] });
    expect(new Date(listed.nextRunAt!).getUTCDate()).toBe(1);

    // A bad change in a batch changes nothing.
    const bad = await full.post('/Endpoints/PdfExport/UpdateScheduledPdfReports', [{ alertId: scheduleId, isActive: false }, { alertId: scheduleId, frequency: 'DAILY' }]);
    expect(bad.status).toBe(400);
    expect((await json<{ message: string }>(bad)).message).toContain(pdfExportMessages.frequency);
    expect((await listSchedules(full)).find((report) => report.alertId === scheduleId)!.isActive).toBe(true);

    // Someone else: not found, not listed, not deletable; naming another userId is refused.
    expect((await other.post('/Endpoints/PdfExport/UpdateScheduledPdfReports', { alertId: scheduleId, isActive: false })).status).toBe(404);
    expect(await listSchedules(other)).toEqual([]);
    expect((await other.getWithToken(`/Endpoints/PdfExport/DeleteScheduledPdfReport?alertId=${scheduleId}`)).status).toBe(404);
    expect((await other.get(`/Endpoints/PdfExport/GetScheduledPdfReports?userId=${fullUser.id}`)).status).toBe(403);

    const paused = await full.post('/Endpoints/PdfExport/UpdateScheduledPdfReports', { alertId: scheduleId, isActive: false });
    expect(paused.status).toBe(200);
    expect(await scheduled.getJobScheduler(scheduledReportSchedulerId(scheduleId))).toBeUndefined();
    listed = (await listSchedules(full)).find((report) => report.alertId === scheduleId)!;
    expect(listed).toMatchObject({ isActive: false, nextRunAt: null });

    // The delete is a documented GET: without the page's token it is refused.
    expect((await full.get(`/Endpoints/PdfExport/DeleteScheduledPdfReport?alertId=${scheduleId}&userId=${fullUser.id}`)).status).toBe(403);
    const deleted = await full.getWithToken(`/Endpoints/PdfExport/DeleteScheduledPdfReport?alertId=${scheduleId}&userId=${fullUser.id}`);
    expect(deleted.status).toBe(200);
    expect((await listSchedules(full)).some((report) => report.alertId === scheduleId)).toBe(false);
    expect((await full.getWithToken(`/Endpoints/PdfExport/DeleteScheduledPdfReport?alertId=${scheduleId}`)).status).toBe(404);
  });

  it('refuses a schedule without a frequency or on another account’s project, saving nothing', async () => {
    const before = (await listSchedules(full)).length;
    const noFrequency = await full.postForm('/Endpoints/PdfExport/Schedule', form(reportFields({ sendReportToSelf: 'true' })));
    expect(noFrequency.status).toBe(400);
    expect((await json<{ message: string }>(noFrequency)).message).toBe(pdfExportMessages.frequency);
    const foreign = await other.postForm('/Endpoints/PdfExport/Schedule', form(reportFields({ frequency: 'WEEKLY', sendReportToSelf: 'true', sendAlerts: 'true', alertConfig: JSON.stringify({ projectId }) })));
    expect(foreign.status).toBe(404);
    expect((await json<{ message: string }>(foreign)).message).toBe(projectAlertMessages.projectNotFound);
    expect(await listSchedules(other)).toEqual([]);
    expect((await listSchedules(full)).length).toBe(before);
  });

  it('puts back a scheduler Redis lost, from PostgreSQL', async () => {
    const response = await full.postForm('/Endpoints/PdfExport/Schedule', form(reportFields({ frequency: 'WEEKLY', sendReportToSelf: 'true' })));
    const id = (await json<{ data: { scheduledReport: ScheduledPdfReport } }>(response)).data.scheduledReport.alertId;
    await scheduled.removeJobScheduler(scheduledReportSchedulerId(id));
    expect(await scheduled.getJobScheduler(scheduledReportSchedulerId(id))).toBeUndefined();
    await scheduled.add('reports.sync-schedules', {});
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && !(await scheduled.getJobScheduler(scheduledReportSchedulerId(id)))) await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await scheduled.getJobScheduler(scheduledReportSchedulerId(id)))?.pattern).toBe(scheduleCronPattern('WEEKLY', defaultScheduleTiming));
  });
});
