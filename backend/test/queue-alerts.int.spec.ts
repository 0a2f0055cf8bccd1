import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { csrfHeaderName, diagnosticJob, noQueueAlertRules, type AdminQueuesOverview, type QueueAlertRules, type QueueAlertsAnswer } from '@serpwise/contracts';
import { QueueAlertRepository } from '@serpwise/database';
import { JobQueue, Mailer, WorkerHeartbeats } from '@serpwise/platform';
import { Redis } from 'ioredis';
import { QueueAlertEvaluator } from '../src/modules/admin-queues/queue-alert-evaluator.js';
import { outboxMails, startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { createTestUser, loggedInSession } from '../../infra/test/test-users.js';
import type { HttpSession } from '../../infra/test/http-session.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

/**
 * Issue 23 point 3: queue alerts against the real PostgreSQL and Redis — raised once per incident and cleared once,
 * however many API processes evaluate, mailed to every admin and posted to the webhook, kept as history; thresholds
 * and the webhook set by admins with admin actions on, audited.
 */
jest.setTimeout(90_000);

let testApp: TestApp;
let admin: HttpSession;
let adminEmail: string;
let webhook: Server;
let webhookUrl: string;
const webhookCalls: { text: string }[] = [];
const queue = diagnosticJob.queue;

beforeAll(async () => {
  webhook = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      webhookCalls.push(JSON.parse(body) as { text: string });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
  webhookUrl = `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/hooks/queues`;
  testApp = await startTestApp({ env: { WEBHOOK_PRIVATE_ADDRESSES_ALLOWED: 'true', QUEUE_ALERT_CHECK_SECONDS: '3600' } });
  const user = await createTestUser(testApp.database, { roles: ['full', 'admin'] });
  adminEmail = user.email;
  admin = await loggedInSession(testApp.baseUrl, user);
  // The tests evaluate themselves: the app's own timer must not run a check between their steps.
  testApp.app.get(QueueAlertEvaluator).onApplicationShutdown();
}, setUpTimeoutMs);
afterAll(async () => {
  await testApp?.stop();
  await new Promise((resolve) => webhook?.close(resolve));
}, setUpTimeoutMs);

const put = (path: string, body: unknown) => admin.request('PUT', path, { [csrfHeaderName]: admin.csrfToken }, body);
const alertMails = async () => (await outboxMails(testApp.outboxDir)).filter((mail) => mail.includes('Queue alert'));

describe('queue alerts (issue 23 point 3)', () => {
  it('lets admins set thresholds and the webhook only with admin actions on, checks them, and audits each change', async () => {
    const rules: QueueAlertRules = { ...noQueueAlertRules, waiting: 2 };
    const refused = await put(`/rest/admin/queue-alerts/thresholds/${queue}`, rules);
    expect(refused.status).toBe(403);

    expect((await admin.post('/rest/admin/actions')).status).toBe(200);
    const bad = await put(`/rest/admin/queue-alerts/thresholds/${queue}`, { ...rules, waiting: -1 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain('whole number');
    expect((await put('/rest/admin/queue-alerts/thresholds/nope', rules)).status).toBe(404);
    expect((await put('/rest/admin/queue-alerts/webhook', { webhookUrl: 'ftp://example.com/x' })).status).toBe(400);

    expect((await put(`/rest/admin/queue-alerts/thresholds/${queue}`, rules)).status).toBe(200);
    const set = (await (await put('/rest/admin/queue-alerts/webhook', { webhookUrl })).json()) as QueueAlertsAnswer;
    expect(set.webhookUrl).toBe(webhookUrl);
    expect(set.thresholds[queue]).toEqual(rules);
    expect(set.thresholds.exports).toEqual(noQueueAlertRules);

    const log = await testApp.database.query<{ action: string; queue: string | null; detail: { after?: QueueAlertRules } }>(
      `select action, queue, detail from admin_audit_log where action like 'alert.%' order by created_at`,
    );
    expect(log.map((row) => [row.action, row.queue])).toEqual([['alert.thresholds', queue], ['alert.webhook', null]]);
    expect(log[0]!.detail.after).toEqual(rules);
  });

  it('raises an alert once per incident, across two evaluating processes and repeated checks, and clears it once', async () => {
    const jobQueue = testApp.app.get(JobQueue).queue(queue);
    await jobQueue.pause();
    const mailsBefore = (await alertMails()).length;
    const own = testApp.app.get(QueueAlertEvaluator);
    // A second API process: its own Redis connection, the same database.
    const otherRedis = new Redis(testApp.environment.REDIS_URL);
    const other = new QueueAlertEvaluator(testApp.app.get(JobQueue), testApp.app.get(QueueAlertRepository), testApp.app.get(Mailer), otherRedis, testApp.environment);
    try {
      for (let index = 0; index < 4; index += 1) await jobQueue.add(diagnosticJob.name, { test: index });

      // Both processes check the same interval: one claim wins. Then both check without claims, at once, twice.
      const claims = await Promise.all([own.checkInterval(1), other.checkInterval(1)]);
      expect(claims.filter(Boolean)).toHaveLength(1);
      await Promise.all([own.evaluate(), other.evaluate(), own.evaluate(), other.evaluate()]);

      const raised = (await (await admin.get('/rest/admin/queue-alerts')).json()) as QueueAlertsAnswer;
      expect(raised.open).toEqual([expect.objectContaining({ queue, rule: 'waiting', message: `${queue}: 4 jobs waiting (threshold: more than 2).`, raiseEmail: 'sent', raiseWebhook: 'sent', clearedAt: null })]);
      const overview = (await (await admin.get('/rest/admin/queues')).json()) as AdminQueuesOverview;
      expect(overview.alerts.map((alert) => alert.id)).toEqual([raised.open[0]!.id]);
      expect(webhookCalls).toEqual([{ text: `Queue alert: ${queue}: 4 jobs waiting (threshold: more than 2).` }]);
      const mails = (await alertMails()).slice(0, (await alertMails()).length - mailsBefore);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain(`To: ${adminEmail}`);
      expect(mails[0]).toContain('4 jobs waiting');

      // Back within the threshold: cleared once, by whichever process looks first.
      await jobQueue.drain();
      await Promise.all([own.evaluate(), other.evaluate(), own.evaluate()]);
      const cleared = (await (await admin.get('/rest/admin/queue-alerts')).json()) as QueueAlertsAnswer;
      expect(cleared.open).toEqual([]);
      expect(cleared.history).toEqual([expect.objectContaining({ queue, rule: 'waiting', clearMessage: `${queue}: back within the threshold: 0 jobs waiting.`, clearEmail: 'sent', clearWebhook: 'sent' })]);
      expect(webhookCalls.map((call) => call.text)).toEqual([
        `Queue alert: ${queue}: 4 jobs waiting (threshold: more than 2).`,
        `Queue alert cleared: ${queue}: back within the threshold: 0 jobs waiting.`,
      ]);
      expect((await alertMails()).length - mailsBefore).toBe(2);

      // A new backlog is a new incident: raised again, and kept in the history beside the first.
      for (let index = 0; index < 3; index += 1) await jobQueue.add(diagnosticJob.name, { again: index });
      await Promise.all([own.evaluate(), other.evaluate()]);
      const again = (await (await admin.get('/rest/admin/queue-alerts')).json()) as QueueAlertsAnswer;
      expect(again.open).toEqual([expect.objectContaining({ rule: 'waiting', message: `${queue}: 3 jobs waiting (threshold: more than 2).` })]);
      expect(again.history).toHaveLength(2);
      expect(webhookCalls).toHaveLength(3);
    } finally {
      await jobQueue.drain();
      await jobQueue.resume();
      await own.evaluate();
      await otherRedis.quit();
    }
  });

  it('raises no-worker and worker-memory alerts from the heartbeats, and failed jobs in the last minutes', async () => {
    const rules: QueueAlertRules = { ...noQueueAlertRules, noWorker: true, workerMemoryMb: 1, failed: { count: 0, minutes: 5 } };
    expect((await put('/rest/admin/queue-alerts/thresholds/reports', rules)).status).toBe(200);
    const evaluator = testApp.app.get(QueueAlertEvaluator);
    await evaluator.evaluate();
    let answer = (await (await admin.get('/rest/admin/queue-alerts')).json()) as QueueAlertsAnswer;
    expect(answer.open.filter((alert) => alert.queue === 'reports').map((alert) => alert.rule)).toEqual(['no-worker']);

    // A worker of the reports queue beats, using more than 1 MB (every process does); one report job fails.
    const heartbeats = new WorkerHeartbeats(testApp.redis.client, testApp.environment.REDIS_PREFIX, { concurrency: 1, queues: ['reports'] });
    await heartbeats.beat();
    const reports = testApp.app.get(JobQueue).queue('reports');
    const failedKey = reports.keys.failed!;
    await testApp.redis.client.zadd(failedKey, Date.now(), 'failed-report');
    try {
      await evaluator.evaluate();
      answer = (await (await admin.get('/rest/admin/queue-alerts')).json()) as QueueAlertsAnswer;
      const reportsAlerts = answer.history.filter((alert) => alert.queue === 'reports');
      expect(reportsAlerts.find((alert) => alert.rule === 'no-worker')).toMatchObject({ clearedAt: expect.any(String), clearMessage: expect.stringContaining('a worker takes its jobs again') });
      expect(answer.open.filter((alert) => alert.queue === 'reports').map((alert) => alert.rule).sort()).toEqual(['failed', 'worker-memory']);
      expect(answer.open.find((alert) => alert.rule === 'failed')!.message).toBe('reports: 1 job failed in the last 5 minutes (threshold: more than 0).');

      // Turning the thresholds off clears their open alerts.
      expect((await put('/rest/admin/queue-alerts/thresholds/reports', noQueueAlertRules)).status).toBe(200);
      await evaluator.evaluate();
      answer = (await (await admin.get('/rest/admin/queue-alerts')).json()) as QueueAlertsAnswer;
      expect(answer.open.filter((alert) => alert.queue === 'reports')).toEqual([]);
    } finally {
      await heartbeats.stop();
      await testApp.redis.client.zrem(failedKey, 'failed-report');
    }
  });

  it('refuses a webhook on a private address unless the installation allows it', async () => {
    const strict = await startTestApp();
    try {
      const user = await createTestUser(strict.database, { roles: ['full', 'admin'] });
      const session = await loggedInSession(strict.baseUrl, user);
      expect((await session.post('/rest/admin/actions')).status).toBe(200);
      for (const url of [webhookUrl, 'http://10.1.2.3/hook', 'http://169.254.169.254/latest', 'http://[::1]:8080/x', 'http://localhost/x']) {
        const refused = await session.request('PUT', '/rest/admin/queue-alerts/webhook', { [csrfHeaderName]: session.csrfToken }, { webhookUrl: url });
        expect(refused.status).toBe(400);
        expect(((await refused.json()) as { message: string }).message).toContain('private network');
      }
      const none = await session.request('PUT', '/rest/admin/queue-alerts/webhook', { [csrfHeaderName]: session.csrfToken }, { webhookUrl: null });
      expect(none.status).toBe(200);
    } finally {
      await strict.stop();
    }
  }, setUpTimeoutMs);

  it('refuses the alerts to non-admins', async () => {
    const full = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['full'] }));
    expect((await full.get('/rest/admin/queue-alerts')).status).toBe(403);
  });
});
