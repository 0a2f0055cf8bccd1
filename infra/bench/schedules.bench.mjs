// @ts-check
/**
 * Issue 22 point 8: 100 scheduled reports due in the same minute are all delivered within 2 minutes by one worker,
 * each exactly once, with a 13-page report still under 1 s p95.
 *
 * On a scratch database (made and dropped on the server DATABASE_URL names) holding the tiny demo market, the bench
 * writes BENCH_SCHEDULES (100) full accounts straight into app_user (a delivery reads only the row: plan roles and
 * e-mail), each with one weekly schedule whose day and time (UTC) are the same coming minute — at least
 * BENCH_SCHEDULES_LEAD_S (45) seconds ahead, so the worker is up first. Its report is the Comprehensive template with
 * every domain section about one of the market's five largest US domains, at the smallest row limit (10, 20, 30, 50)
 * that makes every one of those reports at least 13 pages (pdfPageCount). Each schedule mails one client address of
 * its own (not the owner), as an agency's would.
 * Then the built backend and ONE built worker start (startBackend, npm start's node options, WORKER_CONCURRENCY and
 * WORKER_REPORTS_CONCURRENCY as set: defaults 4, and the cores at most 4) with SMTP_URL pointed at a local SMTP sink in this process. The worker's schedule sync reads the
 * schedules from PostgreSQL at start and makes their BullMQ job schedulers (cron, as a saved schedule does); the bench
 * checks that every scheduler's next run is the chosen minute, then waits.
 * Figures:
 *   - the due minute → the last delivery completed (the later of its job_record.finished_at and its mail's arrival at
 *     the sink): target ≤ 120 s;
 *   - exactly once: one report job record per schedule (completed, one attempt) and one mail per recipient, each with
 *     a PDF of at least 13 pages, counted again 5 s after the last;
 *   - per delivery, job_record.started_at → finished_at (reading the data, drawing the PDF and its web view, keeping
 *     them, sending the mail), under the burst: target p95 < 1 s. The same report rendered alone in this process
 *     (renderReport, as reports.bench.mjs does) before the worker starts is printed beside it as its anchor.
 * Cleans up: the scratch database, the run's Redis keys and data folder.
 */
import { reportOptionsSchema, reportTemplateSections } from '@serpwise/contracts';
import { MikroORM } from '@mikro-orm/postgresql';
import { createOrmConfig, runMigrations } from '@serpwise/database';
import { ReportSchedules } from '@serpwise/domain';
import { queueKeyPrefix } from '@serpwise/platform';
import { pdfPageCount, renderReport, reportRequestOf, reportToBuffer, serpwiseBranding } from '@serpwise/reports';
import { loadDemoMarket, sqlFromEntityManager } from '@serpwise/research';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { startBackend } from './lib/backend.mjs';
import { reportFigure } from './lib/figures.mjs';
import { ms, percentile as percentileOrNone, ratioLine } from './lib/stats.mjs';
import { cleanRedis } from './lib/redis-keys.mjs';

const scheduleCount = Number(process.env.BENCH_SCHEDULES ?? 100);
const leadMs = Number(process.env.BENCH_SCHEDULES_LEAD_S ?? 45) * 1000;
const deliveryBudgetMs = 120_000;
const renderBudgetMs = 1_000;
const minimumPages = 13;
const rowLimits = [10, 20, 30, 50];
const territory = 'US';
/** After the last delivery: how long to keep watching for a second one of any schedule. */
const graceMs = 5_000;
/** Past the budget: when the bench stops waiting for deliveries that do not come. */
const giveUpMs = deliveryBudgetMs * 3;

/** A percentile; NaN of none. */
const percentile = (/** @type {number[]} */ values, /** @type {number} */ p) => percentileOrNone(values, p) ?? Number.NaN;
const sleep = (/** @type {number} */ delay) => new Promise((resolve) => setTimeout(resolve, delay));
const seconds = (/** @type {number} */ value) => `${(value / 1000).toFixed(1)} s`;
const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');

/** @param {string} domain @param {number} rowLimit */
const reportOptions = (domain, rowLimit) =>
  reportOptionsSchema.parse({
    domain,
    countryCode: territory,
    template: 'Comprehensive',
    design: 'Surf',
    customTitle: `Weekly search report for ${domain}`,
    preparedBy: 'Serpwise benchmark',
    preparedFor: 'Issue 22 point 8',
    sections: [...reportTemplateSections.Comprehensive],
    rowLimit,
  });

/** @param {{ databaseUrl: string, redisUrl: string, log: (line: string) => void }} context */
export async function run({ databaseUrl, redisUrl, log }) {
  const name = `serpwise_bench_schedules_${Date.now().toString(36)}`;
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const scratchUrl = url.toString();
  const dataDir = `/tmp/serpwise-schedules-bench-${process.pid}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const sink = await startSmtpSink();
  const savedEnv = { SMTP_URL: process.env.SMTP_URL, MAIL_FROM: process.env.MAIL_FROM };
  /** @type {Awaited<ReturnType<typeof startBackend>> | null} */
  let backend = null;
  /** @type {MikroORM | null} */
  let orm = null;
  const pool = new pg.Pool({ connectionString: scratchUrl, max: 2 });
  // pool.end() does not wait for its connections to close: the scratch database's drop (with force) at the end can
  // still end one, whose error would otherwise stop the whole process (and `npm run bench -- all` with it).
  pool.on('error', () => undefined);
  /** @type {string[]} */
  const misses = [];
  try {
    const reportsConcurrency = process.env.WORKER_REPORTS_CONCURRENCY ?? `${Math.min(availableParallelism(), Number(process.env.WORKER_CONCURRENCY ?? 4))} (default: ${availableParallelism()} cores, at most WORKER_CONCURRENCY)`;
    log(`${scheduleCount} schedules due in one minute, one worker (WORKER_CONCURRENCY ${process.env.WORKER_CONCURRENCY ?? '4 (default)'}, WORKER_REPORTS_CONCURRENCY ${reportsConcurrency}); load average ${load()}`);
    await runMigrations(scratchUrl);
    const market = await pool.connect();
    try {
      const loaded = await loadDemoMarket(market, { size: 'tiny' });
      log(`tiny demo market loaded in ${loaded.seconds.toFixed(1)} s`);
    } finally {
      market.release();
    }
    const domains = (
      await pool.query(
        `select d.name from domain_month m join domain d on d.id = m.domain_id
         where m.territory = $1 and m.month = (select max(month) from domain_month where territory = $1)
         order by m.organic_keywords desc, d.name limit 5`,
        [territory],
      )
    ).rows.map((row) => String(row.name));
    if (domains.length < 5) throw new Error(`the tiny market has only ${domains.length} US domains`);

    // The report: the smallest row limit that gives every domain's report ≥ 13 pages; then its time alone (the anchor).
    orm = await MikroORM.init(createOrmConfig({ databaseUrl: scratchUrl }));
    const research = sqlFromEntityManager(orm.em.fork());
    const timedReport = async (/** @type {ReturnType<typeof reportOptions>} */ options) => {
      const started = performance.now();
      const pdf = await reportToBuffer(renderReport(reportRequestOf(options, serpwiseBranding), { research }));
      return { elapsed: performance.now() - started, pages: pdfPageCount(pdf) };
    };
    let rowLimit = rowLimits[0] ?? 10;
    let fewestPages = 0;
    for (rowLimit of rowLimits) {
      fewestPages = Number.POSITIVE_INFINITY;
      for (const domain of domains) fewestPages = Math.min(fewestPages, (await timedReport(reportOptions(domain, rowLimit))).pages);
      if (fewestPages >= minimumPages) break;
    }
    log(`report: Comprehensive, every domain section, ${rowLimit} rows a table, about ${domains.join(', ')}: ${fewestPages} pages or more`);
    if (fewestPages < minimumPages) misses.push(`the report had ${fewestPages} pages at most ${rowLimit} rows a table, fewer than ${minimumPages}`);
    const alone = [];
    for (let round = 0; round < 3; round += 1) for (const domain of domains) alone.push((await timedReport(reportOptions(domain, rowLimit))).elapsed);
    await orm.close(true);
    orm = null;

    // The accounts and their schedules, all due at the same minute (UTC).
    const due = new Date(Math.ceil((Date.now() + leadMs) / 60_000) * 60_000);
    const time = `${String(due.getUTCHours()).padStart(2, '0')}:${String(due.getUTCMinutes()).padStart(2, '0')}`;
    const users = Array.from({ length: scheduleCount }, (_, index) => ({ id: randomUUID(), email: `schedules-bench-${index + 1}@example.com` }));
    await pool.query(
      `insert into app_user (id, email, password_hash, roles, created_at, updated_at)
       select id, email, 'not-a-password-hash', '{full}', now(), now() from unnest($1::uuid[], $2::text[]) as u(id, email)`,
      [users.map((user) => user.id), users.map((user) => user.email)],
    );
    const schedules = users.map((user, index) => ({ id: randomUUID(), userId: user.id, recipient: `client-${index + 1}@schedules-bench.test`, options: reportOptions(domains[index % domains.length] ?? '', rowLimit) }));
    await pool.query(
      `insert into scheduled_report (id, user_id, frequency, options, recipients, send_to_self, is_active, day_of_week, day_of_month, send_time, time_zone, created_at, updated_at)
       select id, user_id, 'WEEKLY', options, jsonb_build_array(recipient), false, true, $5::smallint, 1, $6::text, 'UTC', now(), now()
       from unnest($1::uuid[], $2::uuid[], $3::jsonb[], $4::text[]) as s(id, user_id, options, recipient)`,
      [schedules.map((s) => s.id), schedules.map((s) => s.userId), schedules.map((s) => JSON.stringify(s.options)), schedules.map((s) => s.recipient), due.getUTCDay(), time],
    );
    log(`${scheduleCount} accounts, each a weekly schedule at ${time} UTC on day ${due.getUTCDay()}: due ${due.toISOString()}`);

    Object.assign(process.env, { SMTP_URL: sink.url, MAIL_FROM: 'Serpwise Bench <reports@schedules-bench.test>' });
    backend = await startBackend({ databaseUrl: scratchUrl, redisUrl, worker: true, dataDir });
    await expectSchedulers(redisUrl, backend.prefix, schedules.map((s) => s.id), due);
    log(`worker up, its sync made ${scheduleCount} schedulers due ${due.toISOString()}; waiting ${seconds(due.getTime() - Date.now())}; load average ${load()}`);

    // Wait for every delivery (completed or failed), then a little longer for any second one.
    const settled = `select count(*) filter (where state in ('completed', 'failed'))::int as done from job_record where name = 'report.pdf'`;
    while (Date.now() < due.getTime() + giveUpMs) {
      const { rows } = await pool.query(settled);
      if (rows[0].done >= scheduleCount && sink.mails.length >= scheduleCount) break;
      await sleep(500);
    }
    await sleep(graceMs);

    const { rows: records } = await pool.query(
      `select id, payload->>'scheduleId' as schedule_id, state, attempts,
              extract(epoch from created_at) * 1000 as created, extract(epoch from started_at) * 1000 as started, extract(epoch from finished_at) * 1000 as finished
       from job_record where name = 'report.pdf'`,
    );
    const perSchedule = new Map(schedules.map((s) => [s.id, 0]));
    for (const record of records) perSchedule.set(record.schedule_id, (perSchedule.get(record.schedule_id) ?? 0) + 1);
    const perRecipient = new Map(schedules.map((s) => [s.recipient, 0]));
    for (const mail of sink.mails) for (const to of mail.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    const completed = records.filter((record) => record.state === 'completed');
    const runTimes = completed.map((record) => Number(record.finished) - Number(record.started));
    const waits = completed.map((record) => Number(record.started) - Number(record.created));
    const pages = sink.mails.map((mail) => pdfPageCount(pdfAttachmentOf(mail.raw) ?? Buffer.alloc(0)));
    const lastDone = Math.max(...completed.map((record) => Number(record.finished)), ...sink.mails.map((mail) => mail.receivedAt));
    const firstFired = Math.min(...records.map((record) => Number(record.created)));
    const lastFired = Math.max(...records.map((record) => Number(record.created)));

    log(`firings recorded ${ms(firstFired - due.getTime())} to ${ms(lastFired - due.getTime())} after the due minute; queue wait (record → started) p50 ${ms(percentile(waits, 50))}, p95 ${ms(percentile(waits, 95))}, max ${ms(Math.max(...waits))}`);
    const total = lastDone - due.getTime();
    log(`due minute → last of ${completed.length} deliveries completed: ${seconds(total)} = ${(total / deliveryBudgetMs).toFixed(2)}× its budget (${seconds(deliveryBudgetMs)}); target ≤ 1× → ${total <= deliveryBudgetMs && completed.length === scheduleCount ? 'meets' : 'MISSES'}`);
    reportFigure(log, `due minute → last of ${scheduleCount} scheduled deliveries completed`, completed.length === scheduleCount ? total / 1000 : null, 's', { op: '≤', limit: deliveryBudgetMs / 1000 });
    if (!(total <= deliveryBudgetMs) || completed.length < scheduleCount) misses.push(`${completed.length} of ${scheduleCount} deliveries completed, the last ${seconds(total)} after the due minute (target ≤ ${seconds(deliveryBudgetMs)})`);

    const onceRecords = [...perSchedule.values()].filter((count) => count === 1).length;
    const onceMails = [...perRecipient.values()].filter((count) => count === 1).length;
    const retried = completed.filter((record) => Number(record.attempts) > 1).length;
    const failed = records.filter((record) => record.state === 'failed').length;
    const exactlyOnce = onceRecords === scheduleCount && onceMails === scheduleCount && sink.mails.length === scheduleCount && records.length === scheduleCount && failed === 0;
    log(
      `exactly once: ${onceRecords}/${scheduleCount} schedules with one report job (${records.length} jobs, ${failed} failed, ${retried} retried), ` +
        `${onceMails}/${scheduleCount} recipients with one mail (${sink.mails.length} mails) → ${exactlyOnce ? 'meets' : 'MISSES'}`,
    );
    reportFigure(log, 'scheduled deliveries not exactly once (schedules without exactly one job, recipients without exactly one mail, failed jobs)', scheduleCount - onceRecords + (scheduleCount - onceMails) + failed, '', { op: '≤', limit: 0 });
    if (!exactlyOnce) misses.push(`not exactly once: ${onceRecords} schedules with one job of ${scheduleCount}, ${onceMails} recipients with one mail, ${sink.mails.length} mails, ${failed} failed`);
    const fewestMailedPages = pages.length ? Math.min(...pages) : 0;
    log(`every mail's PDF: ${fewestMailedPages}–${pages.length ? Math.max(...pages) : 0} pages`);
    reportFigure(log, 'pages of the fewest-page mailed PDF', fewestMailedPages, '', { op: '≥', limit: minimumPages });
    if (fewestMailedPages < minimumPages) misses.push(`a mailed PDF had ${fewestMailedPages} pages, fewer than ${minimumPages}`);

    const aloneP95 = percentile(alone, 95);
    const figure = { name: `${fewestMailedPages}-page delivery p95 (record started → finished, ${runTimes.length} deliveries)`, measured: percentile(runTimes, 95), anchor: renderBudgetMs, anchorName: 'its budget', limit: 1 };
    log(ratioLine(figure));
    log(`  deliveries p50 ${ms(percentile(runTimes, 50))}, max ${ms(Math.max(...runTimes))}; the same report alone in this process (renderReport, ${alone.length}): p50 ${ms(percentile(alone, 50))}, p95 ${ms(aloneP95)} — the burst's p95 is ${(figure.measured / aloneP95).toFixed(2)}× that`);
    reportFigure(log, 'scheduled delivery p95, record started → finished', figure.measured, 'ms', { op: '<', limit: renderBudgetMs });
    if (!(figure.measured < renderBudgetMs)) misses.push(`delivery p95 ${ms(figure.measured)} (target < ${ms(renderBudgetMs)})`);
    log(`load average after: ${load()}`);
    return { misses };
  } finally {
    Object.assign(process.env, savedEnv);
    for (const [key, value] of Object.entries(savedEnv)) if (value === undefined) delete process.env[key];
    await orm?.close(true);
    await backend?.stop();
    await pool.end();
    // startBackend's prefix (swbench-<pid>-…), also when it failed to start.
    await cleanRedis(redisUrl, backend ? `${backend.prefix}:*` : `swbench-${process.pid}-*`);
    await sink.stop();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * Every schedule has its scheduler, next due at `due`: the worker's sync at start read them from PostgreSQL. Waits
 * for the sync (it runs just after the worker is up), and fails if a scheduler missed the minute.
 * @param {string} redisUrl @param {string} prefix @param {string[]} ids @param {Date} due
 */
async function expectSchedulers(redisUrl, prefix, ids, due) {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const schedulers = new ReportSchedules(connection, queueKeyPrefix(prefix));
  try {
    for (;;) {
      const next = await schedulers.nextRuns();
      const ready = ids.filter((id) => next.get(id)?.getTime() === due.getTime()).length;
      if (ready === ids.length) return;
      if (Date.now() >= due.getTime() - 1_000) {
        throw new Error(`only ${ready} of ${ids.length} schedulers were due at ${due.toISOString()} when it came: the worker started too late (raise BENCH_SCHEDULES_LEAD_S)`);
      }
      await sleep(250);
    }
  } finally {
    await schedulers.close();
    await connection.quit();
  }
}

/** A local SMTP server that keeps every message with its arrival time (as infra/test/smtp-sink.ts does for tests). */
async function startSmtpSink() {
  /** @type {{ to: string[], raw: string, receivedAt: number }[]} */
  const mails = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 50 * 1024 * 1024,
    onData(stream, session, callback) {
      /** @type {Buffer[]} */
      const chunks = [];
      stream.on('data', (/** @type {Buffer} */ chunk) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()), raw: Buffer.concat(chunks).toString('utf8'), receivedAt: Date.now() });
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.server.address());
  return { url: `smtp://127.0.0.1:${port}`, mails, stop: () => new Promise((resolve) => server.close(() => resolve(undefined))) };
}

/** The PDF attached to a message nodemailer wrote (its application/pdf part, base64), or null. */
function pdfAttachmentOf(/** @type {string} */ raw) {
  const part = /Content-Type: application\/pdf[^]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/i.exec(raw);
  return part?.[1] ? Buffer.from(part[1].replace(/\s+/g, ''), 'base64') : null;
}

