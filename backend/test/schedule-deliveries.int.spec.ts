import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  pdfExportMessages,
  scheduledQueue,
  scheduledReportJobName,
  scheduledReportSchedulerId,
  type PdfExportStatus,
  type ReportShareLink,
  type ScheduledPdfReport,
} from '@serpwise/contracts';
import { createRedisConnection, queueKeyPrefix } from '@serpwise/platform';
import { Queue } from 'bullmq';
import { pino } from 'pino';
import type { HttpSession } from '../../infra/test/http-session.js';
import { pdfText, squeezeSpaces } from '../../infra/test/pdf-text.js';
import { attachmentsOf, headerOf, mimePartsOf, startSmtpSink, type ReceivedMail } from '../../infra/test/smtp-sink.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { createTestUser, loggedInSession, type TestUser } from '../../infra/test/test-users.js';
import { startWorker, type RunningWorker } from '../../worker/src/worker.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';
import { jobTestTimeoutMs, untilJobStatus } from '../../infra/test/waiting.js';

/**
 * A scheduled report as an agency checks it (issue 22 point 1), against real PostgreSQL, Redis, a worker and a local
 * SMTP server: the day, time and time zone of a schedule become its BullMQ job scheduler (cron pattern + tz); Send
 * now delivers one report at once; the preview is the next report's PDF; the delivery history lists each delivery
 * with its recipients, state, size, PDF and error; nobody else reaches any of it.
 */
jest.setTimeout(jobTestTimeoutMs);

let app: TestApp;
let worker: RunningWorker;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let scheduled: Queue;
let schedulerConnection: ReturnType<typeof createRedisConnection>;
let agency: HttpSession;
let other: HttpSession;
let agencyUser: TestUser;
let domain: string;

const json = async <T>(response: Response) => (await response.json()) as T;

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

const scheduleFields = (extra: Record<string, string>) => ({
  itemName: domain,
  countryCode: 'US',
  template: 'Executive',
  styleId: '1',
  scheduleReport: 'true',
  frequency: 'WEEKLY',
  sendReportToSelf: 'false',
  emailCsv: 'client@acme.test',
  ...extra,
});

async function schedule(extra: Record<string, string>): Promise<ScheduledPdfReport> {
  const response = await agency.postForm('/Endpoints/PdfExport/Schedule', form(scheduleFields(extra)));
  expect(response.status).toBe(200);
  return (await json<{ data: { scheduledReport: ScheduledPdfReport } }>(response)).data.scheduledReport;
}

const listSchedules = async (session: HttpSession) => json<ScheduledPdfReport[]>(await session.get('/Endpoints/PdfExport/GetScheduledPdfReports'));
const history = async (session: HttpSession, id: string) => json<PdfExportStatus[]>(await session.get(`/rest/reports/schedules/${id}/deliveries`));

/** A moment in words of a time zone: the weekday, the day of the month and HH:MM there. */
function inZone(iso: string, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(iso)).map((part) => [part.type, part.value]),
  );
  return { weekday: parts.weekday, day: Number(parts.day), time: `${parts.hour}:${parts.minute}` };
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  app = await startTestApp({ tinyMarket: true, env: { SMTP_URL: smtp.url, MAIL_FROM: 'Serpwise <reports@serpwise.test>' } });
  worker = await startWorker(app.environment, pino({ level: 'silent' }), { httpPort: 0 });
  schedulerConnection = createRedisConnection(app.environment, 'schedule-deliveries-test');
  scheduled = new Queue(scheduledQueue, { connection: schedulerConnection, prefix: queueKeyPrefix(app.environment.REDIS_PREFIX) });
  const [row] = await app.database.query<{ name: string }>(
    `select d.name from domain_month m join domain d on d.id = m.domain_id
     where m.territory = 'US' and m.month = (select max(month) from domain_month where territory = 'US')
     order by m.organic_keywords desc, d.name limit 1`,
  );
  domain = row!.name;
  agencyUser = await createTestUser(app.database, { roles: ['full'] });
  agency = await loggedInSession(app.baseUrl, agencyUser);
  other = await loggedInSession(app.baseUrl, await createTestUser(app.database, { roles: ['full'] }));
}, setUpTimeoutMs);

afterAll(async () => {
  await scheduled?.close();
  await schedulerConnection?.quit();
  await worker?.stop();
  await app?.stop();
  await smtp?.stop();
}, setUpTimeoutMs);

describe('when a scheduled report goes out', () => {
  it('keeps the day of the week, the time and the time zone, as a cron pattern read in that zone', async () => {
    const report = await schedule({ customTitle: 'Wednesday New York', dayOfWeek: '3', time: '09:30', timeZone: 'America/New_York' });
    expect(report).toMatchObject({ frequency: 'WEEKLY', dayOfWeek: 3, time: '09:30', timeZone: 'America/New_York' });
    const scheduler = await scheduled.getJobScheduler(scheduledReportSchedulerId(report.alertId));
    expect(scheduler).toMatchObject({ pattern: '30 9 * * 3', tz: 'America/New_York' });
    const [listed] = (await listSchedules(agency)).filter((candidate) => candidate.alertId === report.alertId);
    expect(inZone(listed!.nextRunAt!, 'America/New_York')).toMatchObject({ weekday: 'Wed', time: '09:30' });
  });

  it('keeps the day of the month, and a change of timing moves the scheduler', async () => {
    const report = await schedule({ customTitle: 'Tokyo monthly', frequency: 'MONTHLY', dayOfMonth: '15', time: '23:45', timeZone: 'Asia/Tokyo' });
    expect((await scheduled.getJobScheduler(scheduledReportSchedulerId(report.alertId)))).toMatchObject({ pattern: '45 23 15 * *', tz: 'Asia/Tokyo' });
    let [listed] = (await listSchedules(agency)).filter((candidate) => candidate.alertId === report.alertId);
    expect(inZone(listed!.nextRunAt!, 'Asia/Tokyo')).toMatchObject({ day: 15, time: '23:45' });

    const changed = await agency.post('/Endpoints/PdfExport/UpdateScheduledPdfReports', { alertId: report.alertId, frequency: 'WEEKLY', dayOfWeek: 0, time: '07:05', timeZone: 'Europe/Berlin' });
    expect(changed.status).toBe(200);
    expect((await scheduled.getJobScheduler(scheduledReportSchedulerId(report.alertId)))).toMatchObject({ pattern: '5 7 * * 0', tz: 'Europe/Berlin' });
    [listed] = (await listSchedules(agency)).filter((candidate) => candidate.alertId === report.alertId);
    expect(listed).toMatchObject({ dayOfWeek: 0, time: '07:05', timeZone: 'Europe/Berlin' });
    expect(inZone(listed!.nextRunAt!, 'Europe/Berlin')).toMatchObject({ weekday: 'Sun', time: '07:05' });
  });

  it('refuses a day, time or zone that does not exist, saving nothing', async () => {
    const before = (await listSchedules(agency)).length;
    for (const [fields, message] of [
      [{ frequency: 'MONTHLY', dayOfMonth: '31' }, pdfExportMessages.dayOfMonth],
      [{ dayOfWeek: '7' }, pdfExportMessages.dayOfWeek],
      [{ time: '24:00' }, pdfExportMessages.time],
      [{ time: '9:30' }, pdfExportMessages.time],
      [{ timeZone: 'Mars/Olympus_Mons' }, pdfExportMessages.timeZone],
    ] as const) {
      const response = await agency.postForm('/Endpoints/PdfExport/Schedule', form(scheduleFields(fields)));
      expect(response.status).toBe(400);
      expect((await json<{ errors: string[] }>(response)).errors).toContain(message);
    }
    const [first] = await listSchedules(agency);
    const badUpdate = await agency.post('/Endpoints/PdfExport/UpdateScheduledPdfReports', { alertId: first!.alertId, timeZone: 'Nowhere/Else' });
    expect(badUpdate.status).toBe(400);
    expect((await listSchedules(agency)).length).toBe(before);
    expect((await listSchedules(agency))[0]!.timeZone).toBe(first!.timeZone);
  });
});

describe('Send now, the preview and the delivery history', () => {
  let report: ScheduledPdfReport;

  beforeAll(async () => {
    report = await schedule({ customTitle: 'Acme Weekly Check', emailCsv: 'client@acme.test, boss@acme.test', dayOfWeek: '5', time: '16:00', timeZone: 'Europe/London' });
  });

  it('sends the report at once, one mail to each of the schedule’s addresses, and lists the delivery with its PDF', async () => {
    // Two presses at once make one delivery: the second answers the first.
    const [first, second] = await Promise.all([agency.post(`/rest/reports/schedules/${report.alertId}/send-now`, {}), agency.post(`/rest/reports/schedules/${report.alertId}/send-now`, {})]);
    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    const started = await json<PdfExportStatus>(first);
    expect((await json<PdfExportStatus>(second)).id).toBe(started.id);
    expect(started.pdf).toMatchObject({ scheduleId: report.alertId, trigger: 'send-now', emailTo: ['client@acme.test', 'boss@acme.test'] });

    const mailTo = (address: string) => smtp.waitFor((candidate) => headerOf(candidate.raw, 'Subject') === 'Acme Weekly Check' && candidate.to.includes(address));
    const [clientMail, bossMail] = [await mailTo('client@acme.test'), await mailTo('boss@acme.test')];
    expect(clientMail.to).toEqual(['client@acme.test']);
    expect(bossMail.to).toEqual(['boss@acme.test']);
    const [attachment] = attachmentsOf(clientMail.raw, 'application/pdf');
    expect(squeezeSpaces(await pdfText(attachment!.content))).toContain('Acme Weekly Check');
    const [delivery] = await untilJobStatus('the delivery in the history', async () => (await history(agency, report.alertId))[0], (status) => status.state === 'completed').then((status) => [status]);
    expect(delivery).toMatchObject({ id: started.id, state: 'completed', error: null, pdf: { trigger: 'send-now', emailTo: ['client@acme.test', 'boss@acme.test'] } });
    expect(delivery!.pdf.bytes).toBe(attachment!.content.length);
    const file = await agency.get(delivery!.pdf.url!);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await file.arrayBuffer()).equals(attachment!.content)).toBe(true);
    expect(smtp.mails.filter((candidate) => headerOf(candidate.raw, 'Subject') === 'Acme Weekly Check')).toHaveLength(2);
  });

  it('writes the mail to the client: HTML and text, absolute links that work without an account, and an unsubscribe of their own', async () => {
    const mailOf = (address: string) => smtp.mails.find((candidate) => headerOf(candidate.raw, 'Subject') === 'Acme Weekly Check' && candidate.to.includes(address)) as ReceivedMail;
    const parts = mimePartsOf(mailOf('client@acme.test').raw);
    const html = parts.find((part) => part.contentType === 'text/html')!.text;
    const text = parts.find((part) => part.contentType === 'text/plain')!.text;
    expect(text).toContain('Here is your weekly report “Acme Weekly Check” for');
    expect(text).not.toMatch(/scheduled in your account/i);
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
    expect(hrefs.length).toBeGreaterThanOrEqual(2);
    for (const href of hrefs) expect(href.startsWith(`${app.environment.PUBLIC_URL}/`)).toBe(true);
    for (const href of hrefs) expect(text).toContain(href);

    // The PDF link works for someone with no session at all, and is the file that was attached.
    const [attachment] = attachmentsOf(mailOf('client@acme.test').raw, 'application/pdf');
    const pdfLink = hrefs.find((href) => href.includes('/rest/reports/mail/'))!;
    const file = await fetch(pdfLink);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await file.arrayBuffer()).equals(attachment!.content)).toBe(true);
    expect((await fetch(pdfLink.replace(/signature=[^&]+/, 'signature=forged'))).status).toBe(403);

    // Each external recipient's unsubscribe names them; the List-Unsubscribe header carries the same link.
    const unsubscribe = hrefs.find((href) => href.includes('/reports/unsubscribe?token='))!;
    expect(headerOf(mailOf('client@acme.test').raw, 'List-Unsubscribe')).toBe(`<${unsubscribe}>`);
    const bossUnsubscribe = [...mimePartsOf(mailOf('boss@acme.test').raw).find((part) => part.contentType === 'text/html')!.text.matchAll(/href="([^"]*unsubscribe[^"]*)"/g)][0]![1];
    expect(bossUnsubscribe).not.toBe(unsubscribe);
  });

  it('offers the report’s web view: “View online” opens it logged out, is the owner’s to see and revoke, and stops once revoked', async () => {
    const mailOf = (address: string) => smtp.mails.find((candidate) => headerOf(candidate.raw, 'Subject') === 'Acme Weekly Check' && candidate.to.includes(address)) as ReceivedMail;
    const viewLinkOf = (address: string) => {
      const parts = mimePartsOf(mailOf(address).raw);
      const html = parts.find((part) => part.contentType === 'text/html')!.text;
      const link = [...html.matchAll(/<a href="([^"]+)"[^>]*>View online<\/a>/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
      expect(link).toHaveLength(1);
      expect(parts.find((part) => part.contentType === 'text/plain')!.text).toContain(link[0]!);
      return link[0]!;
    };
    const view = viewLinkOf('client@acme.test');
    expect(view.startsWith(`${app.environment.PUBLIC_URL}/rest/reports/shared/`)).toBe(true);
    // One link per delivery, shared by its recipients.
    expect(viewLinkOf('boss@acme.test')).toBe(view);

    // Someone with no session at all: the report's page, under its title.
    const page = await fetch(view);
    expect(page.status).toBe(200);
    expect(page.headers.get('set-cookie')).toBeNull();
    const html = await page.text();
    expect(html).toContain('<title>Acme Weekly Check');
    expect(html).toContain('Acme Weekly Check');
    expect((await fetch(`${view}/pdf`)).headers.get('content-type')).toBe('application/pdf');

    // The owner finds it among the delivery's share links, opened once, and revokes it.
    const [delivery] = await history(agency, report.alertId);
    const links = await json<ReportShareLink[]>(await agency.get(`/rest/reports/jobs/${delivery!.id}/share-links`));
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ state: 'active', openCount: 1, url: null });
    expect(Date.parse(links[0]!.expiresAt) - Date.now()).toBeGreaterThan((app.environment.REPORT_MAIL_LINK_DAYS - 1) * 86_400_000);
    expect((await other.post(`/rest/reports/share-links/${links[0]!.id}/revoke`, {})).status).toBe(404);
    expect((await fetch(view)).status).toBe(200);
    const revoked = await agency.post(`/rest/reports/share-links/${links[0]!.id}/revoke`, {});
    expect(revoked.status).toBe(200);
    const after = await fetch(view);
    expect(after.status).toBe(410);
    const notice = await after.text();
    expect(notice).toContain('This report link has been revoked');
    expect(notice).not.toContain('Acme Weekly Check');
    expect((await fetch(`${view}/pdf`)).status).toBe(410);
  });

  it('stops only the recipient who unsubscribes, after they confirm', async () => {
    const mail = smtp.mails.find((candidate) => headerOf(candidate.raw, 'Subject') === 'Acme Weekly Check' && candidate.to.includes('client@acme.test'))!;
    const html = mimePartsOf(mail.raw).find((part) => part.contentType === 'text/html')!.text;
    const link = new URL([...html.matchAll(/href="([^"]*unsubscribe[^"]*)"/g)][0]![1]!.replace(/&amp;/g, '&'));
    const token = link.searchParams.get('token')!;

    // The page (no login) asks first: following the link stops nothing.
    const reader = new (agency.constructor as new (baseUrl: string) => HttpSession)(app.baseUrl);
    const page = await reader.open(`${link.pathname}${link.search}`);
    expect(page).toContain('<div id="root">');
    const asked = await reader.get(`/rest/reports/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(await json(asked)).toEqual({ email: 'client@acme.test', title: 'Acme Weekly Check', subscribed: true });
    expect((await listSchedules(agency)).find((candidate) => candidate.alertId === report.alertId)!.recipients).toEqual(['client@acme.test', 'boss@acme.test']);

    // A forged or altered token stops nobody.
    const forged = await reader.post('/rest/reports/unsubscribe', { token: `${Buffer.from(JSON.stringify({ s: report.alertId, e: 'boss@acme.test' })).toString('base64url')}.${token.split('.')[1]}` });
    expect(forged.status).toBe(400);
    expect((await json<{ message: string }>(forged)).message).toBe(pdfExportMessages.unsubscribeInvalid);

    const confirmed = await reader.post('/rest/reports/unsubscribe', { token });
    expect(confirmed.status).toBe(200);
    expect(await json(confirmed)).toEqual({ email: 'client@acme.test', title: 'Acme Weekly Check', subscribed: false });
    expect((await listSchedules(agency)).find((candidate) => candidate.alertId === report.alertId)).toMatchObject({ recipients: ['boss@acme.test'], isActive: true });

    // The next delivery goes to the others only.
    const sent = await json<PdfExportStatus>(await agency.post(`/rest/reports/schedules/${report.alertId}/send-now`, {}));
    expect(sent.pdf.emailTo).toEqual(['boss@acme.test']);
    await untilJobStatus('the delivery after the unsubscribe', async () => (await history(agency, report.alertId)).find((delivery) => delivery.id === sent.id), (delivery) => delivery.state === 'completed');
    expect(smtp.mails.filter((candidate) => headerOf(candidate.raw, 'Subject') === 'Acme Weekly Check' && candidate.to.includes('client@acme.test'))).toHaveLength(1);
  });

  it('adds the schedule’s own firings to the same history, newest first', async () => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const firing = (await scheduled.getDelayed()).find((job) => job.name === scheduledReportJobName && (job.data as { scheduleId?: string }).scheduleId === report.alertId);
      if (firing) {
        await firing.promote();
        break;
      }
      if (Date.now() > deadline) throw new Error('no waiting firing');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const deliveries = await untilJobStatus(
      'the fired delivery',
      async () => {
        const list = await history(agency, report.alertId);
        return list.length === 3 ? { state: list[0]!.state, list } : undefined;
      },
      (status) => status.state === 'completed',
    );
    expect(deliveries.list.map((delivery) => delivery.pdf.trigger)).toEqual(['schedule', 'send-now', 'send-now']);
  });

  it('sends a paused schedule too when asked, and it stays paused', async () => {
    await agency.post('/Endpoints/PdfExport/UpdateScheduledPdfReports', { alertId: report.alertId, isActive: false });
    const sent = await agency.post(`/rest/reports/schedules/${report.alertId}/send-now`, {});
    expect(sent.status).toBe(202);
    const status = await json<PdfExportStatus>(sent);
    await untilJobStatus('the paused schedule’s delivery', async () => (await history(agency, report.alertId)).find((delivery) => delivery.id === status.id), (delivery) => delivery.state === 'completed');
    expect((await listSchedules(agency)).find((candidate) => candidate.alertId === report.alertId)).toMatchObject({ isActive: false, nextRunAt: null });
  });

  it('previews the next report as a PDF drawn now', async () => {
    const response = await agency.get(`/rest/reports/schedules/${report.alertId}/preview`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/^inline; filename="preview-/);
    expect(squeezeSpaces(await pdfText(Buffer.from(await response.arrayBuffer())))).toContain('Acme Weekly Check');
  });

  it('lets nobody else send, preview or read the history of a schedule', async () => {
    const before = (await history(agency, report.alertId)).length;
    for (const response of [
      await other.post(`/rest/reports/schedules/${report.alertId}/send-now`, {}),
      await other.get(`/rest/reports/schedules/${report.alertId}/deliveries`),
      await other.get(`/rest/reports/schedules/${report.alertId}/preview`),
    ]) {
      expect(response.status).toBe(404);
      expect((await json<{ message: string }>(response)).message).toBe(pdfExportMessages.notFound);
    }
    expect((await agency.get('/rest/reports/schedules/not-a-uuid/deliveries')).status).toBe(400);
    expect((await history(agency, report.alertId)).length).toBe(before);
  });
});
