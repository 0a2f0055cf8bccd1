import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { projectAlertMessages, type ProjectAlert, type ProjectRanksUpdate, type RankAlertEvent } from '@serpwise/contracts';
import { createOrmConfig } from '@serpwise/database';
import { createMailer, OpenSerpProvider } from '@serpwise/platform';
import { createServer, type Server } from 'node:http';
import pg from 'pg';
import { pino } from 'pino';
import { FakeSerpProviders } from '../../infra/test/fake-serp-providers.js';
import type { HttpSession } from '../../infra/test/http-session.js';
import { decodedHeaderOf, mimePartsOf, startSmtpSink } from '../../infra/test/smtp-sink.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { createTestUser, loggedInSession, type TestUser } from '../../infra/test/test-users.js';
import { RankAlerts, type RankAlertSendOptions } from '../../worker/src/alerts/rank-alerts.js';
import { ProjectEvents } from '../../worker/src/realtime/project-events.emitter.js';
import { refreshTrackedRanks } from '../../worker/src/schedules/rank-refresh.task.js';
import { WarehouseWriterLanding } from '../../worker/src/serp/warehouse-writer.landing.js';
import { insertProject } from './projects-support.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

/**
 * Rank alerts after a rank refresh (issue 22 point 6), against real PostgreSQL, a local SMTP server, the OpenSERP
 * adapter talking to a fake OpenSERP (the provider's documented shape) and a fake Slack-compatible webhook: the
 * first refresh is the baseline, a later one's changes go out by e-mail and webhook once each, and the alert's
 * history lists them for whoever may read the account's alerts.
 */
jest.setTimeout(240_000);

let app: TestApp;
let fake: FakeSerpProviders;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let orm: MikroORM;
let pool: pg.Pool;
let webhook: Server;
let webhookUrl: string;
let webhookAnswer = 200;
/** The next this many calls are answered 503 whatever webhookAnswer says (a hook that is briefly down). */
let failNextWebhookCalls = 0;
const webhookCalls: { contentType: string | undefined; body: { text?: unknown } }[] = [];
let owner: TestUser;
let agency: HttpSession;
let projectId: string;
let alertId: string;

class SilentProjectEvents extends ProjectEvents {
  ranksUpdated(_userIds: readonly string[], _update: ProjectRanksUpdate): void {}
}

const json = async <T>(response: Response) => (await response.json()) as T;
// The fake webhook listens on 127.0.0.1, so this test allows private webhook addresses explicitly; retries pause briefly.
const rankAlerts = (options: Partial<RankAlertSendOptions> = {}) =>
  new RankAlerts(() => orm.em.fork(), createMailer(app.environment), pino({ level: 'silent' }), {
    allowPrivateWebhooks: app.environment.WEBHOOK_PRIVATE_ADDRESSES_ALLOWED,
    attempts: 3,
    retryDelayMs: 50,
    ...options,
  });
const refresh = () =>
  refreshTrackedRanks({
    em: () => orm.em.fork(),
    provider: new OpenSerpProvider({ baseUrl: fake.baseUrl, timeoutMs: 5_000 }),
    landing: new WarehouseWriterLanding(pool),
    events: new SilentProjectEvents(),
    logger: pino({ level: 'silent' }),
    alerts: rankAlerts(),
  });
const refreshWith = (alerts: RankAlerts) =>
  refreshTrackedRanks({
    em: () => orm.em.fork(),
    provider: new OpenSerpProvider({ baseUrl: fake.baseUrl, timeoutMs: 5_000 }),
    landing: new WarehouseWriterLanding(pool),
    events: new SilentProjectEvents(),
    logger: pino({ level: 'silent' }),
    alerts,
  });

/** Results pages where the project's site is at `positions[keyword]` (absent: not in the results), the rest fixed sites. */
function pages(positions: Record<string, number | undefined>, newcomer: string | null = null) {
  fake.page = (keyword) =>
    Array.from({ length: 20 }, (_, index) => {
      const position = index + 1;
      if (positions[keyword] === position) return { url: `https://www.alerted.example/${keyword.replace(/ /g, '-')}`, title: `${keyword} at home` };
      if (newcomer && position === 5 && positions[keyword] !== 5) return { url: `https://${newcomer}/${keyword.replace(/ /g, '-')}`, title: 'newcomer' };
      return { url: `https://site${position}.example/${keyword.replace(/ /g, '-')}`, title: `${keyword} ${position}` };
    });
}

const history = async (session: HttpSession) => json<RankAlertEvent[]>(await session.get(`/rest/project-alerts/${alertId}/history`));
const alertMails = () => smtp.mails.filter((mail) => (decodedHeaderOf(mail.raw, 'Subject') ?? '').startsWith('Rank alert'));

beforeAll(async () => {
  smtp = await startSmtpSink();
  fake = await new FakeSerpProviders().start();
  app = await startTestApp({ env: { SMTP_URL: smtp.url, WEBHOOK_PRIVATE_ADDRESSES_ALLOWED: 'true' } });
  pool = new pg.Pool({ connectionString: app.database.url, max: 3 });
  orm = await MikroORM.init(createOrmConfig({ databaseUrl: app.database.url, poolMax: 2 }));
  webhook = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      webhookCalls.push({ contentType: request.headers['content-type'], body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as { text?: unknown } });
      const status = failNextWebhookCalls > 0 ? 503 : webhookAnswer;
      if (failNextWebhookCalls > 0) failNextWebhookCalls--;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'no_service');
    });
  });
  await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
  webhookUrl = `http://127.0.0.1:${(webhook.address() as { port: number }).port}/services/T000/B000/XXXX`;

  owner = await createTestUser(app.database, { roles: ['full'] });
  agency = await loggedInSession(app.baseUrl, owner);
  projectId = await insertProject(app.database, owner.id, { name: 'Alerted', domain: 'alerted.example', territory: 'US' });
  await app.database.query(`insert into tracked_term (term) values ('zqa alert one'), ('zqa alert two') on conflict (term) do nothing`);
  await app.database.query(`insert into project_keyword (project_id, term_id, added_at) select $1, id, now() from tracked_term where term in ('zqa alert one', 'zqa alert two')`, [projectId]);
}, setUpTimeoutMs);

afterAll(async () => {
  await new Promise((resolve) => webhook?.close(resolve));
  await orm?.close(true);
  await pool?.end();
  await app?.stop();
  await fake?.stop();
  await smtp?.stop();
}, setUpTimeoutMs);

describe('rank alerts', () => {
  it('saves what an alert watches and its webhook, refusing rules and addresses that cannot work', async () => {
    const bad = await agency.post('/NsaApi/Account/SaveProjectAlert', { projectId, name: 'Top 10 watch', alertRecipients: [{ emailAddress: 'team@agency.test' }], rules: [{ kind: 'moves', by: 0 }] });
    expect(bad.status).toBe(400);
    expect((await json<{ errors: string[] }>(bad)).errors.join(' ')).toContain(projectAlertMessages.moveBy);
    const badHook = await agency.post('/NsaApi/Account/SaveProjectAlert', { projectId, name: 'Top 10 watch', alertRecipients: [{ emailAddress: 'team@agency.test' }], rules: [{ kind: 'leaves', top: 10 }], webhookUrl: 'ftp://hooks.example/x' });
    expect(badHook.status).toBe(400);
    expect((await json<{ errors: string[] }>(badHook)).errors.join(' ')).toContain(projectAlertMessages.webhookUrl);

    const saved = await agency.post('/NsaApi/Account/SaveProjectAlert', {
      projectId,
      name: 'Top 10 watch',
      alertRecipients: [{ emailAddress: 'team@agency.test' }],
      rules: [{ kind: 'leaves', top: 10 }, { kind: 'moves', by: 3 }, { kind: 'newCompetitor' }],
      webhookUrl,
    });
    expect(saved.status).toBe(200);
    alertId = (await json<{ data: { alert: ProjectAlert } }>(saved)).data.alert.alertId;
    const [listed] = (await json<ProjectAlert[]>(await agency.get('/NsaApi/Account/GetProjectAlerts'))).filter((alert) => alert.alertId === alertId);
    expect(listed).toMatchObject({ rules: [{ kind: 'leaves', top: 10 }, { kind: 'moves', by: 3 }, { kind: 'newCompetitor' }], webhookUrl });
    // Saved again without rules or webhook (as the PDF modal's alert does): both are kept.
    await agency.post('/NsaApi/Account/SaveProjectAlert', { alertId, projectId, name: 'Top 10 watch', alertRecipients: [{ emailAddress: 'team@agency.test' }] });
    expect((await json<ProjectAlert[]>(await agency.get('/NsaApi/Account/GetProjectAlerts'))).find((alert) => alert.alertId === alertId)).toMatchObject({ rules: [{ kind: 'leaves', top: 10 }, { kind: 'moves', by: 3 }, { kind: 'newCompetitor' }], webhookUrl });
  });

  it('takes the first refresh as the baseline: nothing is sent', async () => {
    pages({ 'zqa alert one': 8, 'zqa alert two': 2 });
    await refresh();
    expect(alertMails()).toHaveLength(0);
    expect(webhookCalls).toHaveLength(0);
    expect(await history(agency)).toEqual([]);
  });

  it('sends the changes of a later refresh by e-mail and to the webhook, once, and lists them in the history', async () => {
    // One leaves the top 10 (#8 → #12, a fall of 4), which lets site8.example into its top 10; a new site enters the
    // top 10 of both.
    pages({ 'zqa alert one': 12, 'zqa alert two': 2 }, 'newcomer.example');
    const run = await refresh();

    const [mail] = alertMails();
    expect(alertMails()).toHaveLength(1);
    expect(mail!.to).toEqual(['team@agency.test']);
    expect(decodedHeaderOf(mail!.raw, 'Subject')).toBe('Rank alert “Top 10 watch” for alerted.example: 5 changes');
    const text = mimePartsOf(mail!.raw).find((part) => part.contentType === 'text/plain')!.text;
    expect(text).toContain('“zqa alert one”: alerted.example left the top 10 (#8 → #12).');
    expect(text).toContain('“zqa alert one”: alerted.example fell 4 places (#8 → #12).');
    expect(text).toContain('“zqa alert one”: newcomer.example is new in the top 10 (#5).');
    expect(text).toContain('“zqa alert one”: site8.example is new in the top 10 (#8).');
    expect(text).toContain('“zqa alert two”: newcomer.example is new in the top 10 (#5).');
    expect(mimePartsOf(mail!.raw).some((part) => part.contentType === 'text/html')).toBe(true);

    // Slack-compatible: one POST of JSON { text } with the same lines.
    expect(webhookCalls).toHaveLength(1);
    expect(webhookCalls[0]!.contentType).toBe('application/json');
    expect(webhookCalls[0]!.body.text).toEqual(expect.stringContaining('• “zqa alert one”: alerted.example left the top 10 (#8 → #12).'));

    const events = await history(agency);
    expect(events).toHaveLength(5);
    expect(events.find((event) => event.rule.kind === 'leaves')).toMatchObject({ keyword: 'zqa alert one', previousPosition: 8, position: 12, email: 'sent', webhook: 'sent', error: null });

    // The same refresh handled again (a retry after a crash) finds its changes written: nothing goes out twice.
    pages({ 'zqa alert one': 12, 'zqa alert two': 2 }, 'newcomer.example');
    const again = await rankAlerts().afterRefresh(String(run.sourceId), [
      { projectId, term: 'zqa alert one', page: { keyword: 'zqa alert one', territory: 'US', date: '2026-11-27', results: fake.page('zqa alert one', 'US').map((result, index) => ({ position: index + 1, url: result.url, title: result.title })) } },
    ]);
    expect(again).toEqual({ changes: 0, sent: 0 });
    // A refresh that sees the same ranks reports nothing new.
    await refresh();
    expect(alertMails()).toHaveLength(1);
    expect(webhookCalls).toHaveLength(1);
    expect(await history(agency)).toHaveLength(5);
  });

  it('shows a webhook that refused the call as failed, with its answer', async () => {
    webhookAnswer = 500;
    try {
      pages({ 'zqa alert one': 3, 'zqa alert two': 2 }, 'newcomer.example');
      await refresh();
    } finally {
      webhookAnswer = 200;
    }
    const [latest] = await history(agency);
    expect((await history(agency)).map((event) => event.message).slice(0, 2)).toEqual(['“zqa alert one”: alerted.example rose 9 places (#12 → #3).', '“zqa alert one”: alerted.example left the top 10 (#8 → #12).']);
    expect(latest).toMatchObject({ keyword: 'zqa alert one', rule: { kind: 'moves', by: 3 }, previousPosition: 12, position: 3, email: 'sent', webhook: 'failed', error: 'Webhook: answered 500' });
    expect(alertMails()).toHaveLength(2);
    // Tried three times (the attempts) before it was saved as failed.
    expect(webhookCalls).toHaveLength(1 + 3);
  });

  it('shows the history to the account’s team by their project access, and to nobody else', async () => {
    const viewer = await createTestUser(app.database, { roles: ['full'], parentUserId: owner.id });
    const blocked = await createTestUser(app.database, { roles: ['full'], parentUserId: owner.id });
    await app.database.query(`insert into project_team_access (child_user_id, owner_user_id, access, updated_at) values ($1, $3, 'view', now()), ($2, $3, 'none', now())`, [viewer.id, blocked.id, owner.id]);
    expect((await history(await loggedInSession(app.baseUrl, viewer))).length).toBe(6);
    expect((await (await loggedInSession(app.baseUrl, blocked)).get(`/rest/project-alerts/${alertId}/history`)).status).toBe(403);
    const stranger = await loggedInSession(app.baseUrl, await createTestUser(app.database, { roles: ['full'] }));
    const response = await stranger.get(`/rest/project-alerts/${alertId}/history`);
    expect(response.status).toBe(404);
    expect((await json<{ message: string }>(response)).message).toBe(projectAlertMessages.alertNotFound);
  });

  it('tries a failed webhook call again and sends each change once', async () => {
    const callsBefore = webhookCalls.length;
    const mailsBefore = alertMails().length;
    failNextWebhookCalls = 1;
    pages({ 'zqa alert one': 12, 'zqa alert two': 2 }, 'newcomer.example');
    await refresh();
    // The first call was answered 503, the second went through; nothing more.
    expect(webhookCalls.length - callsBefore).toBe(2);
    expect(webhookCalls.at(-1)!.body.text).toEqual(expect.stringContaining('left the top 10 (#3 → #12)'));
    expect(alertMails().length - mailsBefore).toBe(1);
    const [latest] = await history(agency);
    expect(latest).toMatchObject({ webhook: 'sent', email: 'sent', error: null });
    await refresh();
    expect(webhookCalls.length - callsBefore).toBe(2);
    expect(alertMails().length - mailsBefore).toBe(1);
  });

  it('refuses a webhook on a loopback address unless WEBHOOK_PRIVATE_ADDRESSES_ALLOWED allows it, without trying again', async () => {
    const callsBefore = webhookCalls.length;
    pages({ 'zqa alert one': 2, 'zqa alert two': 2 }, 'newcomer.example');
    await refreshWith(rankAlerts({ allowPrivateWebhooks: false }));
    expect(webhookCalls.length).toBe(callsBefore);
    const [latest] = await history(agency);
    expect(latest).toMatchObject({ email: 'sent', webhook: 'failed' });
    expect(latest!.error).toContain('127.0.0.1 is a private, loopback or link-local address');
  });
});
