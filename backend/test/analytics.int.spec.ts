import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import type { AnalyticsCountsPage } from '@serpwise/contracts';
import { AnalyticsEventRepository, analyticsPartitionName, createOrmConfig, monthStart } from '@serpwise/database';
import { AnalyticsRecorder } from '@serpwise/platform';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { createTestUser, loggedInSession } from '../../infra/test/test-users.js';
import { HttpSession } from '../../infra/test/http-session.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';
import { until } from '../../infra/test/waiting.js';
import { startWorker, type RunningWorker } from '../../worker/src/worker.js';
import { AnalyticsForwarder } from '../../worker/src/analytics/analytics-forwarder.js';
import { keepAnalyticsPartitions } from '../../worker/src/analytics/analytics-partition-upkeep.js';

/** Issue 25 point 3: analytics events through the real queue into monthly partitions, the admin counts, the forwarder. */
jest.setTimeout(120_000);

/** A collector at the HTTP boundary: records each request; answers `status` (PostHog: 200 {status:1}; Plausible: 202 {}). */
class FakeCollector {
  readonly requests: { path: string; headers: IncomingMessage['headers']; body: Record<string, unknown> }[] = [];
  status = 200;
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => {
        this.requests.push({ path: request.url ?? '', headers: request.headers, body: JSON.parse(text || '{}') as Record<string, unknown> });
        response.writeHead(this.status, { 'content-type': 'application/json' }).end(this.status < 300 ? (request.url === '/api/event' ? '{}' : '{"status":1}') : '{"error":"down"}');
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Every event name PostHog batches carried so far. */
  postHogEvents(): { event: string; uuid: string; properties: Record<string, unknown> }[] {
    return this.requests.filter((request) => request.path === '/batch/').flatMap((request) => request.body.batch as { event: string; uuid: string; properties: Record<string, unknown> }[]);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const collector = new FakeCollector();
let testApp: TestApp;
let worker: RunningWorker;
let orm: MikroORM;
let recorder: AnalyticsRecorder;

beforeAll(async () => {
  await collector.start();
  testApp = await startTestApp({
    env: { ANALYTICS_BATCH_WAIT_MS: '50', ANALYTICS_FORWARD_URL: collector.url, ANALYTICS_FORWARD_KIND: 'posthog', ANALYTICS_FORWARD_KEY: 'phc_test' },
  });
  worker = await startWorker(testApp.environment, pino({ level: 'silent' }), { httpPort: 0 });
  orm = await MikroORM.init(createOrmConfig({ databaseUrl: testApp.database.url, poolMax: 2 }));
  recorder = testApp.app.get(AnalyticsRecorder);
}, setUpTimeoutMs);
afterAll(async () => {
  await worker?.stop();
  await orm?.close();
  await testApp?.stop();
  await collector.stop();
}, setUpTimeoutMs);

type Row = { id: string; name: string; category: string; action: string; label: string | null; source: string; partition: string; forwarded_at: Date | null };
const rows = (where = 'true', params: unknown[] = []) =>
  testApp.database.query<Row>(`select id, name, category, action, label, source, tableoid::regclass::text as partition, forwarded_at from analytics_event where ${where}`, params);
const named = async (name: string, count: number) => until(`${count} ${name} events`, async () => {
  const found = await rows('name = $1', [name]);
  return found.length >= count ? found : null;
});

describe('recording', () => {
  it('writes server events through the queue into this month\'s partition, with category, action and label', async () => {
    expect(await recorder.recordNow('Acct_Billed', 'Basic')).toBe(true);
    expect(await recorder.recordNow('Acct_CCInfo_Changed', 'Visa')).toBe(true);
    const [billed] = await named('Acct_Billed', 1);
    expect(billed).toMatchObject({ category: 'Account', action: 'Billed', label: 'Basic', source: 'server', partition: analyticsPartitionName(new Date()) });
    expect((await named('Acct_CCInfo_Changed', 1))[0]).toMatchObject({ category: 'Account', action: 'CCInfoChanged', label: 'Visa' });
  });

  it('refuses a label off the event\'s list (it could carry personal data): nothing is queued', async () => {
    expect(await recorder.recordNow('Acct_Billed', 'ann@example.com')).toBe(false);
    expect(await recorder.recordNow('Export_Excel', 'my secret list')).toBe(false);
    expect(await rows(`label like '%@%' or label = 'my secret list'`)).toEqual([]);
  });

  it('takes a logged-in user\'s browser events and missed searches through the documented call; a visitor\'s are dropped', async () => {
    const user = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['free'] }));
    const call = (session: HttpSession, query: string) => session.get(`/endpoints/accountapi/performloggedineventlogging?${query}`);
    const help = await call(user, 'eventName=Help_Opened&eventCategory=Help&eventAction=Opened&eventLabel=account-menu&pageName=');
    expect(help.status).toBe(200);
    expect(await help.json()).toEqual({ logged: true });
    expect((await call(user, 'eventName=Search_Keyword_Missed&eventCategory=Missed%20Search%20-%20Keyword&eventAction=KeywordNotFound&pageName=&query=private%20words')).status).toBe(200);
    const refused = await call(user, 'eventName=Export_Clipboard&eventLabel=ann%40example.com');
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: string[] }).errors).toEqual(['eventLabel: The label of Export_Clipboard looks like personal data.']);

    const visitor = new HttpSession(testApp.baseUrl);
    await visitor.open();
    expect(await (await call(visitor, 'eventName=Help_Opened&eventLabel=account-menu')).json()).toEqual({ logged: false });

    expect((await named('Help_Opened', 1))).toEqual([expect.objectContaining({ category: 'Help', action: 'Opened', label: 'account-menu', source: 'client' })]);
    // The missed query stays in the missed-search log; the analytics event has no label.
    expect((await named('Search_Keyword_Missed', 1))[0]).toMatchObject({ label: null, category: 'Missed Search - Keyword', action: 'KeywordNotFound' });
    expect(await rows(`label = 'private words'`)).toEqual([]);
  });
});

describe('partitions', () => {
  it('has this month\'s and the next ones, writes into a month without one by making it, and drops months past retention', async () => {
    const now = new Date();
    const partitions = async () => (await testApp.database.query<{ name: string }>(`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent where p.relname = 'analytics_event'`)).map((row) => row.name);
    // The migration made this month and the next; the worker's upkeep (run at its start) two ahead.
    expect(await partitions()).toEqual(expect.arrayContaining([0, 1, 2].map((offset) => analyticsPartitionName(monthStart(now, offset)))));

    const events = new AnalyticsEventRepository(orm.em.fork());
    const far = { id: randomUUID(), name: 'Sites_Project_Created', category: 'Sites', action: 'ProjectCreated', label: null, occurredAt: '2031-05-17T08:00:00.000Z', source: 'server' } as const;
    expect(await events.addBatch([far])).toBe(1);
    expect(await events.addBatch([far])).toBe(0); // a retried write is a no-op
    expect((await rows('id = $1', [far.id]))[0]?.partition).toBe('analytics_event_y2031m05');

    await events.addBatch([{ ...far, id: randomUUID(), occurredAt: '2020-02-03T00:00:00.000Z' }]);
    expect(await partitions()).toContain('analytics_event_y2020m02');
    await keepAnalyticsPartitions(orm.em.fork(), 25, pino({ level: 'silent' }), now);
    expect(await partitions()).not.toContain('analytics_event_y2020m02');
    expect(await partitions()).toContain(analyticsPartitionName(now));
  });
});

describe('the admin page\'s counts', () => {
  it('counts each event per day for an admin; others are refused', async () => {
    const admin = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['admin'] }));
    const member = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['full'] }));
    await recorder.recordNow('Acct_Billed', 'Professional');
    await named('Acct_Billed', 2);
    const today = new Date().toISOString().slice(0, 10);
    const response = await admin.get(`/rest/admin/analytics?from=${today}&to=${today}`);
    expect(response.status).toBe(200);
    const page = (await response.json()) as AnalyticsCountsPage;
    expect(page).toMatchObject({ from: today, to: today, days: [today], forwarder: 'posthog' });
    expect(page.events.find((event) => event.name === 'Acct_Billed')).toEqual({ name: 'Acct_Billed', category: 'Account', action: 'Billed', counts: [2], total: 2 });
    expect(page.events.find((event) => event.name === 'Help_Opened')?.counts).toEqual([1]);

    const week = (await (await admin.get('/rest/admin/analytics')).json()) as AnalyticsCountsPage;
    expect(week.days).toHaveLength(7);
    expect(week.days.at(-1)).toBe(today);
    expect((await member.get('/rest/admin/analytics')).status).toBe(403);
    expect((await admin.get('/rest/admin/analytics?from=2026-11-28&to=2026-11-01')).status).toBe(400);
  });
});

describe('forwarding', () => {
  it('sends recorded events to a PostHog collector and marks them; a collector that is down loses and blocks nothing', async () => {
    await until('the events so far forwarded', async () => ((await rows('forwarded_at is null and occurred_at > now() - interval \'1 day\'')).length === 0 ? true : null));
    const sent = collector.postHogEvents();
    expect(sent.map((event) => event.event)).toEqual(expect.arrayContaining(['Acct_Billed', 'Acct_CCInfo_Changed', 'Help_Opened']));
    expect(collector.requests.find((request) => request.path === '/batch/')?.body.api_key).toBe('phc_test');
    expect(sent.find((event) => event.event === 'Help_Opened')?.properties).toEqual({ category: 'Help', action: 'Opened', label: 'account-menu', source: 'client', $process_person_profile: false });

    collector.status = 503;
    const refusedBefore = collector.requests.length;
    await recorder.recordNow('Report_Scheduled', 'WEEKLY');
    const [scheduled] = await named('Report_Scheduled', 1);
    await until('the collector tried', () => collector.requests.length > refusedBefore);
    expect((await rows('id = $1', [scheduled!.id]))[0]?.forwarded_at).toBeNull();

    collector.status = 200;
    await recorder.recordNow('Report_Scheduled', 'MONTHLY');
    await until('both forwarded once the collector is back', async () => ((await rows(`name = 'Report_Scheduled' and forwarded_at is not null`)).length === 2 ? true : null));
    const uuids = collector.postHogEvents().map((event) => event.uuid);
    expect(uuids.filter((uuid) => uuid === scheduled!.id)).toHaveLength(2); // refused once, then accepted once
  });

  it('sends to a Plausible collector one event a request, with a User-Agent and no visitor address', async () => {
    await testApp.database.query(`update analytics_event set forwarded_at = null where name = 'Acct_Billed'`);
    const before = collector.requests.length;
    const forwarder = new AnalyticsForwarder(() => orm.em.fork(), { kind: 'plausible', url: collector.url, domain: 'serpwise.test', publicUrl: 'https://serpwise.test' }, pino({ level: 'silent' }));
    // The worker's own PostHog forwarder may take some of them first; together they send each once.
    await forwarder.forwardOnce();
    const plausible = collector.requests.slice(before).filter((request) => request.path === '/api/event');
    expect(plausible.length).toBeGreaterThan(0);
    for (const request of plausible) {
      expect(request.headers['user-agent']).toBe('Serpwise-analytics-forwarder/1.0');
      expect(request.headers['x-forwarded-for']).toBeUndefined();
      expect(request.body).toMatchObject({ name: 'Acct_Billed', url: 'https://serpwise.test/', domain: 'serpwise.test', props: { category: 'Account', action: 'Billed' } });
    }
    expect(await rows(`name = 'Acct_Billed' and forwarded_at is null`)).toEqual([]);
  });
});
