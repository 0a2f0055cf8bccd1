import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import {
  type keywordImportJob,
  projectMessages,
  type ImportAnswer,
  type JobStatus,
  type KeywordCountAnswer,
  type OutreachImportAnswer,
  type QueuedImportAnswer,
  type ServerToClientEvents,
  type UndoImportAnswer,
} from '@serpwise/contracts';
import { createOrmConfig, JobRecordRepository } from '@serpwise/database';
import { createRedisConnection } from '@serpwise/platform';
import type { Redis } from 'ioredis';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import { io, type Socket } from 'socket.io-client';
import type { HttpSession } from '../../infra/test/http-session.js';
import { standInHandlers } from '../../infra/test/stand-in-handlers.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { setUpTimeoutMs, type TestDatabase } from '../../infra/test/test-services.js';
import { createTestUser, loggedInSession } from '../../infra/test/test-users.js';
import { until } from '../../infra/test/waiting.js';
import type { JobHandler } from '../../worker/src/jobs/job-handler.js';
import { JobMetrics } from '../../worker/src/jobs/job-metrics.js';
import { JobRunner } from '../../worker/src/jobs/job-runner.js';
import { KeywordImportProcessor, OutreachImportProcessor } from '../../worker/src/processors/project-import.processor.js';
import { RedisJobEvents } from '../../worker/src/realtime/job-events.emitter.js';
import { fillProject, giveProfessionalPlan, insertProject, json, nsa, rowCount } from './projects-support.js';

jest.setTimeout(120_000);

let testApp: TestApp;
let database: TestDatabase;
let orm: MikroORM;
let redis: Redis;
let runner: JobRunner;
/** Projects whose keyword-import jobs "die" in their first attempt right after the import committed (before the runner records it). */
const dieAfterCommit = new Set<string>();
/** Projects whose keyword-import jobs "die" in their first attempt halfway through the import, before it committed. */
const dieMidImport = new Set<string>();

/** The real keyword-import processor, except that a chosen job's first attempt is lost after its work committed. */
function crashingOnce(real: KeywordImportProcessor): JobHandler<typeof keywordImportJob> {
  return {
    contract: real.contract,
    handle: async (payload, context) => {
      const record = await new JobRecordRepository(orm.em.fork()).findById(payload.jobId);
      const projectId = String(record?.payload.projectId);
      const firstAttempt = context.attempt === 1;
      let batches = 0;
      const dying = {
        ...context,
        progress: async (done: number, total: number, message: string) => {
          if (firstAttempt && dieMidImport.has(projectId) && done > 0 && ++batches === 2) throw new Error('The worker died mid-import');
          return context.progress(done, total, message);
        },
      };
      const answer = await real.handle(payload, dying);
      if (firstAttempt && dieAfterCommit.has(projectId)) throw new Error('The worker died after the import committed');
      return answer;
    },
  };
}

beforeAll(async () => {
  testApp = await startTestApp({ env: { SESSION_LIMIT_PER_USER: '50' } });
  database = testApp.database;
  orm = await MikroORM.init(createOrmConfig({ databaseUrl: database.url, poolMax: 6 }));
  redis = createRedisConnection(testApp.environment, 'import-jobs-test');
  runner = new JobRunner(
    standInHandlers([crashingOnce(new KeywordImportProcessor(() => orm.em.fork(), { progressEveryMs: 0 })), new OutreachImportProcessor(() => orm.em.fork(), { progressEveryMs: 0 })]),
    orm,
    new RedisJobEvents(redis, testApp.environment.REDIS_PREFIX),
    testApp.environment,
    pino({ level: 'silent' }),
    new JobMetrics(new Registry()),
  );
  runner.start();
}, setUpTimeoutMs);

afterAll(async () => {
  await runner?.stop();
  await redis?.quit();
  await orm?.close();
  await testApp?.stop();
}, setUpTimeoutMs);

function connectSocket(cookie: string): Promise<Socket<ServerToClientEvents>> {
  const socket: Socket<ServerToClientEvents> = io(testApp.baseUrl, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie }, reconnection: false });
  return new Promise((resolve, reject) => {
    socket.once('session.ready', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function finished(browser: HttpSession, jobId: string): Promise<JobStatus> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const status = await json<JobStatus>(await browser.get(`/rest/jobs/${jobId}`));
    if (['completed', 'failed', 'cancelled'].includes(status.state)) return status;
    if (Date.now() > deadline) throw new Error(`job ${jobId} is still ${status.state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function owner(plan: 'basic' | 'professional' = 'professional') {
  const user = await createTestUser(database, { roles: ['full'] });
  if (plan === 'professional') await giveProfessionalPlan(database, user.id);
  const browser = await loggedInSession(testApp.baseUrl, user);
  const projectId = await insertProject(database, user.id, { name: 'Big shop' });
  return { user, browser, projectId };
}

const manyTerms = (count: number, prefix: string) => Array.from({ length: count }, (_, index) => `${prefix} keyword ${index}`);

async function queuedImport(browser: HttpSession, body: Record<string, unknown>, path = 'Keywords/KeywordActions/Import') {
  const response = await browser.post(`${nsa}/${path}`, body);
  expect(response.status).toBe(202);
  return json<QueuedImportAnswer>(response);
}

describe('a large keyword import runs as a job', () => {
  it('imports 10,000 keywords with live progress over the socket, and Undo takes them and its group back', async () => {
    const { browser, projectId } = await owner();
    const socket = await connectSocket(browser.cookie);
    const heard: JobStatus[] = [];
    socket.on('job.updated', (status) => heard.push(status));
    try {
      const terms = manyTerms(10_000, 'bulk');
      const queued = await queuedImport(browser, { projectId, termCsv: terms.join('\n'), groupNameCsv: 'Bulk group' });
      expect(queued).toMatchObject({ isQueued: true, projectId, itemCount: 10_000, message: 'Importing 10,000 keywords to project Big shop…' });

      const status = await finished(browser, queued.jobId);
      expect(status).toMatchObject({ state: 'completed', percent: 100, done: 10_000, total: 10_000 });
      const answer = status.result as ImportAnswer;
      expect(answer).toMatchObject({
        hasReachedLimit: false,
        termCount: 10_000,
        alreadyActiveTerms: [],
        importId: queued.jobId,
        projectId,
        message: projectMessages.keywordsImported('Big shop', false),
        usedCount: 10_000,
        totalCount: 15_000,
      });
      expect(answer.termIdsCsv.split(',')).toHaveLength(10_000);
      expect(answer.groupHashCsv).toMatch(/^[0-9a-f-]{36}$/);
      expect(await rowCount(database, 'project_keyword', 'project_id = $1 and import_id = $2', [projectId, queued.jobId])).toBe(10_000);
      expect(await rowCount(database, 'keyword_group_term', 'import_id = $1', [queued.jobId])).toBe(10_000);

      // The socket told the browser as it went: active with rising progress, then completed once.
      // The socket's completed event can trail the record on a loaded machine: wait for it (at most 30 s).
      await until('the completed event', () => heard.some((event) => event.id === queued.jobId && event.state === 'completed'), 30_000);
      const mine = heard.filter((event) => event.id === queued.jobId);
      const active = mine.filter((event) => event.state === 'active').map((event) => event.percent);
      expect(active).toEqual([...active].sort((a, b) => a - b));
      expect(new Set(active.filter((percent) => percent > 0 && percent < 100)).size).toBeGreaterThanOrEqual(3);
      expect(mine.filter((event) => event.state === 'completed')).toHaveLength(1);
      expect(mine.at(-1)).toMatchObject({ state: 'completed', percent: 100 });

      const undone = await json<UndoImportAnswer>(await browser.post(`${nsa}/Keywords/KeywordActions/UndoImport`, { importId: queued.jobId }));
      expect(undone).toMatchObject({ isSuccessful: true, removedTermCount: 10_000, removedGroupCount: 1 });
      expect(await rowCount(database, 'project_keyword', 'project_id = $1', [projectId])).toBe(0);
      expect(await rowCount(database, 'keyword_group', 'project_id = $1', [projectId])).toBe(0);
      expect(await json<KeywordCountAnswer>(await browser.get(`${nsa}/Keywords/Keywords/KeywordCount`))).toMatchObject({ usedCount: 0 });
    } finally {
      socket.disconnect();
    }
  });

  it('keeps small imports in the request: 1,000 keywords answer at once with their ids', async () => {
    const { browser, projectId } = await owner();
    const response = await browser.post(`${nsa}/Keywords/KeywordActions/Import`, { projectId, terms: manyTerms(1000, 'small') });
    expect(response.status).toBe(200);
    const answer = await json<ImportAnswer>(response);
    expect(answer).toMatchObject({ hasReachedLimit: false, termCount: 1000 });
    expect(answer.termIdsCsv.split(',')).toHaveLength(1000);
  });

  it('is the owner’s only: another user can neither see the job nor undo the import, nor import into the project', async () => {
    const { browser, projectId } = await owner();
    const queued = await queuedImport(browser, { projectId, terms: manyTerms(1500, 'private') });
    await finished(browser, queued.jobId);
    const strangerUser = await createTestUser(database, { roles: ['full'] });
    await insertProject(database, strangerUser.id);
    const stranger = await loggedInSession(testApp.baseUrl, strangerUser);
    expect((await stranger.get(`/rest/jobs/${queued.jobId}`)).status).toBe(404);
    const undo = await stranger.post(`${nsa}/Keywords/KeywordActions/UndoImport`, { importId: queued.jobId });
    expect(undo.status).toBe(404);
    expect(await json(undo)).toMatchObject({ message: projectMessages.importNotFound });
    const into = await stranger.post(`${nsa}/Keywords/KeywordActions/Import`, { projectId, terms: manyTerms(1500, 'intruder') });
    expect(into.status).toBe(404);
    expect(await rowCount(database, 'project_keyword', 'project_id = $1', [projectId])).toBe(1500);
  });

  it('holds the allowance under two concurrent job imports: one lands, the other says the limit was reached', async () => {
    const { browser, projectId, user } = await owner('basic');
    const other = await insertProject(database, user.id, { name: 'Other' });
    await fillProject(database, other, 1500);
    // Each alone fits (1,500 + 2,000 ≤ 5,000); both together would not.
    const [first, second] = await Promise.all([
      queuedImport(browser, { projectId, terms: manyTerms(2000, 'race a') }),
      queuedImport(browser, { projectId, terms: manyTerms(2000, 'race b') }),
    ]);
    const answers = await Promise.all([first!, second!].map(async (queued) => (await finished(browser, queued.jobId)).result as ImportAnswer));
    expect(answers.filter((answer) => !answer.hasReachedLimit)).toHaveLength(1);
    const refused = answers.find((answer) => answer.hasReachedLimit)!;
    expect(refused).toMatchObject({ termCount: 0, importId: null, message: 'Unable to add keywords. You are currently tracking 3,500/5,000 keywords' });
    expect(await rowCount(database, 'project_keyword', 'project_id = $1', [projectId])).toBe(2000);
    // Past the allowance already when asked: answered at once, nothing queued.
    const before = await rowCount(database, 'job_record');
    const plain = await json<ImportAnswer>(await browser.post(`${nsa}/Keywords/KeywordActions/Import`, { projectId, terms: manyTerms(1600, 'too many') }));
    expect(plain).toMatchObject({ hasReachedLimit: true, message: 'Unable to add keywords. You are currently tracking 3,500/5,000 keywords' });
    expect(await rowCount(database, 'job_record')).toBe(before);
  });

  it('lands exactly once when the worker dies after the import committed: the retry answers what was done', async () => {
    const { browser, projectId } = await owner();
    dieAfterCommit.add(projectId);
    const { jobId } = await queuedImport(browser, { projectId, terms: manyTerms(1200, 'once') });
    const status = await finished(browser, jobId);
    expect(status).toMatchObject({ state: 'completed', attempts: 2 });
    expect(status.result).toMatchObject({ termCount: 1200, importId: jobId });
    expect(await rowCount(database, 'keyword_import', 'id = $1', [jobId])).toBe(1);
    expect(await rowCount(database, 'project_keyword', 'project_id = $1', [projectId])).toBe(1200);
  });

  it('lands exactly once when the worker dies halfway: nothing of the first attempt stays, the retry imports it all', async () => {
    const { browser, projectId } = await owner();
    dieMidImport.add(projectId);
    const { jobId } = await queuedImport(browser, { projectId, terms: manyTerms(3500, 'halfway'), groupNameCsv: 'Halfway' });
    const status = await finished(browser, jobId);
    expect(status).toMatchObject({ state: 'completed', attempts: 2 });
    expect(status.result).toMatchObject({ termCount: 3500, alreadyActiveTerms: [], importId: jobId });
    expect(await rowCount(database, 'keyword_import', 'id = $1', [jobId])).toBe(1);
    expect(await rowCount(database, 'project_keyword', 'project_id = $1 and import_id = $2', [projectId, jobId])).toBe(3500);
    expect(await rowCount(database, 'keyword_group', 'project_id = $1', [projectId])).toBe(1);
  });

  it('NewProjectImport with many keywords makes the project at once and fills it in the job', async () => {
    const { browser, user } = await owner();
    const queued = await queuedImport(browser, { projectName: 'Fresh big', primaryDomainName: 'fresh.example', terms: manyTerms(1100, 'fresh') }, 'Keywords/KeywordActions/NewProjectImport');
    expect(await database.query('select name from project where id = $1 and owner_user_id = $2', [queued.projectId, user.id])).toEqual([{ name: 'Fresh big' }]);
    expect((await finished(browser, queued.jobId)).result).toMatchObject({ termCount: 1100, projectId: queued.projectId });
  });

  it('refuses more than 15,000 keywords at once, changing nothing', async () => {
    const { browser, projectId } = await owner();
    const before = await rowCount(database, 'job_record');
    const response = await browser.post(`${nsa}/Keywords/KeywordActions/Import`, { projectId, terms: manyTerms(15_001, 'huge') });
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ message: projectMessages.importTooLarge(15_000) });
    expect(await rowCount(database, 'job_record')).toBe(before);
  });
});

describe('a large outreach import runs as a job', () => {
  const rows = (count: number, prefix: string) =>
    Array.from({ length: count }, (_, index) => ({ url: `https://${prefix}-${index}.example/page`, contactEmail: `editor@${prefix}-${index}.example`, tags: ['bulk'] }));

  it('imports 500 rows in a job, and refuses a file with a bad row at once without queueing it', async () => {
    const { browser, projectId } = await owner();
    const queued = await queuedImport(browser, { projectId, rows: rows(500, 'outreach') }, 'import/OutreachImport');
    expect(queued).toMatchObject({ isQueued: true, itemCount: 500, message: 'Importing 500 rows…' });
    const status = await finished(browser, queued.jobId);
    expect(status.result as OutreachImportAnswer).toEqual({ isSuccessful: true, websitesAdded: 500, linksAdded: 500, contactsAdded: 500, notesAdded: 0, rowCount: 500 });
    expect(await rowCount(database, 'outreach_link', 'project_id = $1', [projectId])).toBe(500);

    const before = await rowCount(database, 'job_record');
    const bad = rows(300, 'bad');
    bad[250] = { url: 'not a url', contactEmail: 'x@bad.example', tags: [] };
    const refused = await browser.post(`${nsa}/import/OutreachImport`, { projectId, rows: bad });
    expect(refused.status).toBe(400);
    expect((await json<{ message: string }>(refused)).message).toContain('rows.250.url');
    expect(await rowCount(database, 'job_record')).toBe(before);

    const stranger = await loggedInSession(testApp.baseUrl, await createTestUser(database, { roles: ['full'] }));
    expect((await stranger.get(`/rest/jobs/${queued.jobId}`)).status).toBe(404);
  });

  it('keeps 200 rows or fewer in the request', async () => {
    const { browser, projectId } = await owner();
    const response = await browser.post(`${nsa}/import/OutreachImport`, { projectId, rows: rows(200, 'few') });
    expect(response.status).toBe(200);
    expect(await json<OutreachImportAnswer>(response)).toMatchObject({ websitesAdded: 200, rowCount: 200 });
  });
});
