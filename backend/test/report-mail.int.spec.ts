import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import type { PdfExportStatus } from '@serpwise/contracts';
import { createOrmConfig, JobRecordRepository } from '@serpwise/database';
import { LocalFileStore } from '@serpwise/platform';
import { pino } from 'pino';
import type { HttpSession } from '../../infra/test/http-session.js';
import { pdfText, squeezeSpaces } from '../../infra/test/pdf-text.js';
import { headerOf, mimePartsOf, startSmtpSink } from '../../infra/test/smtp-sink.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { createTestUser, loggedInSession } from '../../infra/test/test-users.js';
import { JobFileSweeper } from '../../worker/src/jobs/job-file-sweeper.js';
import { startWorker, type RunningWorker } from '../../worker/src/worker.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';
import { jobTestTimeoutMs, untilJobStatus } from '../../infra/test/waiting.js';

/**
 * A report too large to attach (issue 22 point 3): with REPORT_MAIL_ATTACHMENT_MAX_MB below the PDF's size the mail
 * carries no attachment and says so, and its absolute link opens the PDF for a reader without an account.
 */
jest.setTimeout(jobTestTimeoutMs);

let app: TestApp;
let worker: RunningWorker;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let full: HttpSession;
let domain: string;
let mailedLink: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  // 1 KB: every report is larger.
  app = await startTestApp({ tinyMarket: true, env: { SMTP_URL: smtp.url, REPORT_MAIL_ATTACHMENT_MAX_MB: '0.001' } });
  worker = await startWorker(app.environment, pino({ level: 'silent' }), { httpPort: 0 });
  const [row] = await app.database.query<{ name: string }>(`select d.name from domain_month m join domain d on d.id = m.domain_id where m.territory = 'US' order by m.organic_keywords desc, d.name limit 1`);
  domain = row!.name;
  full = await loggedInSession(app.baseUrl, await createTestUser(app.database, { roles: ['full'] }));
}, setUpTimeoutMs);

afterAll(async () => {
  await worker?.stop();
  await app?.stop();
  await smtp?.stop();
}, setUpTimeoutMs);

describe('a report e-mail above the attachment size', () => {
  it('links the PDF instead of attaching it, and the link opens it without an account', async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ sessionId: '616161', itemName: domain, countryCode: 'US', template: 'Executive', customTitle: 'Large Report', sendByEmail: 'true', emailCsv: 'client@acme.test' }))
      form.append(name, value);
    expect((await full.postForm('/Endpoints/PdfExport/Export', form)).status).toBe(202);
    const done = await untilJobStatus(
      'the e-mailed report',
      async () => (await full.get('/Endpoints/PdfExport/GetStatus?sessionId=616161')).json() as Promise<PdfExportStatus>,
      (status) => status.pdf.isReady || status.pdf.isError,
    );
    expect(done.state).toBe('completed');

    const mail = await smtp.waitFor((candidate) => headerOf(candidate.raw, 'Subject') === 'Large Report');
    const parts = mimePartsOf(mail.raw);
    expect(parts.map((part) => part.contentType).sort()).toEqual(['text/html', 'text/plain']);
    const text = parts.find((part) => part.contentType === 'text/plain')!.text;
    expect(text).toMatch(/The PDF \(\d+(\.\d)? KB\) is too large to attach\. Download it until/);
    // A one-off mail: nothing to unsubscribe from.
    expect(text).not.toContain('Unsubscribe');
    const link = /(https?:\/\/\S+\/rest\/reports\/mail\/\S+)/.exec(text)![1]!;
    expect(link.startsWith(app.environment.PUBLIC_URL)).toBe(true);
    const file = await fetch(link);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await file.arrayBuffer());
    expect(pdf.length).toBe(done.pdf.bytes);
    expect(squeezeSpaces(await pdfText(pdf))).toContain('Large Report');
    mailedLink = link;
  });

  it('keeps a mailed PDF as long as the mail’s link works (REPORT_MAIL_LINK_DAYS), not just EXPORT_FILE_TTL_HOURS', async () => {
    const hour = 3_600_000;
    const orm = await MikroORM.init(createOrmConfig({ databaseUrl: app.database.url, poolMax: 2 }));
    try {
      const sweeper = new JobFileSweeper(() => new JobRecordRepository(orm.em.fork()), new LocalFileStore(app.environment.DATA_DIR), pino({ level: 'silent' }), 24 * hour, 30 * 24 * hour);
      expect(await sweeper.sweepOnce(Date.now() + 25 * hour)).toBe(0);
      expect((await fetch(mailedLink)).status).toBe(200);
      expect(await sweeper.sweepOnce(Date.now() + 31 * 24 * hour)).toBeGreaterThanOrEqual(1);
    } finally {
      await orm.close();
    }
    const gone = await fetch(mailedLink);
    expect(gone.status).toBe(410);
  });
});
