import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { assistantLimits, assistantMessages, csrfHeaderName, type AssistantReply, type AssistantStatus, type ImportStatus } from '@serpwise/contracts';
import { pino } from 'pino';
import { chatAnswers, domainOverviewScript, FakeChatServer, toolResultsOf } from '../../infra/test/fake-chat-completions.js';
import { HttpSession } from '../../infra/test/http-session.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { gscExport, gscExportZip } from '../../infra/test/test-data.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';
import { createTestUser, loggedInSession } from '../../infra/test/test-users.js';
import { jobTestTimeoutMs, untilJobStatus } from '../../infra/test/waiting.js';
import { startWorker } from '../../worker/src/worker.js';

jest.setTimeout(jobTestTimeoutMs);

/**
 * The research assistant (issue 24 point 10, docs/product/site.md §2) against the real API, PostgreSQL and Redis with
 * the tiny market; the model server is a fake at the HTTP boundary that speaks the documented Chat Completions shapes.
 */

const model = 'test-model-1';
const apiKey = 'sk-test-assistant-key';
/** Long enough for every scripted question on a loaded machine; the time-out case waits it out once. */
const questionTimeoutMs = 15_000;
let chat: FakeChatServer;
let testApp: TestApp;
let full: HttpSession;
let free: HttpSession;
let busy: { name: string; month: string; keywords: number; budget: number; value: number };

type Answer = { statusCode: number; message: string; errors?: string[]; data?: Record<string, unknown> };
const ask = (session: HttpSession, question: string, earlier: { role: 'user' | 'assistant'; content: string }[] = []) =>
  session.post('/rest/assistant/chat', { messages: [...earlier, { role: 'user', content: question }], countryCode: 'US' });

async function visitor(): Promise<HttpSession> {
  const session = new HttpSession(testApp.baseUrl);
  await session.open('/');
  return session;
}

beforeAll(async () => {
  chat = await new FakeChatServer().start();
  testApp = await startTestApp({
    tinyMarket: true,
    env: { ASSISTANT_BASE_URL: chat.baseUrl, ASSISTANT_API_KEY: apiKey, ASSISTANT_MODEL: model, ASSISTANT_QUESTIONS_PER_HOUR_VISITOR: '3', ASSISTANT_TIMEOUT_MS: String(questionTimeoutMs) },
  });
  full = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['full'] }));
  free = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['free'] }));
  const [row] = await testApp.database.query<{ name: string; month: string; organic_keywords: number; paid_budget: string; organic_value: string }>(
    `select d.name, to_char(dm.month, 'YYYY-MM') as month, dm.organic_keywords, dm.paid_budget, dm.organic_value from domain_month dm join domain d on d.id = dm.domain_id
     where dm.territory = 'US' and dm.month = (select max(month) from domain_month where territory = 'US') and dm.paid_budget > 0 order by dm.organic_keywords desc limit 1`,
  );
  busy = { name: row!.name, month: row!.month, keywords: Number(row!.organic_keywords), budget: Number(row!.paid_budget), value: Number(row!.organic_value) };
}, setUpTimeoutMs);

afterAll(async () => {
  await testApp?.stop();
  await chat?.stop();
}, setUpTimeoutMs);

describe('the research assistant, configured', () => {
  it('says it is configured', async () => {
    expect(await ((await full.get('/rest/assistant')).json())).toEqual({ configured: true, message: null } satisfies AssistantStatus);
  });

  it('answers a full user from the research: a tool call, the real figures in the tool result, then the text', async () => {
    chat.requests.length = 0;
    chat.respond = domainOverviewScript(busy.name);
    const response = await ask(full, `How is ${busy.name} doing?`);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as AssistantReply;
    expect(answer.reply).toBe(`In ${busy.month}, ${busy.name} ranked for ${busy.keywords.toLocaleString('en-US')} organic keywords; its PPC budget was $${busy.budget.toLocaleString('en-US')}.`);
    expect(answer.sources).toEqual([{ label: `Overview of ${busy.name}`, href: `/overview/domain?query=${encodeURIComponent(busy.name)}&countryCode=US` }]);

    // What the model server received: the documented request, the key, the tools, then the tool result.
    expect(chat.requests).toHaveLength(2);
    const [first, second] = chat.requests.map((request) => request);
    expect(first!.authorization).toBe(`Bearer ${apiKey}`);
    expect(first!.body.model).toBe(model);
    expect(first!.body.messages[0]!.role).toBe('system');
    expect(first!.body.messages.at(-1)).toEqual({ role: 'user', content: `How is ${busy.name} doing?` });
    expect(first!.body.tools!.map((tool) => tool.function.name).sort()).toEqual(
      ['domain_backlinks', 'domain_competitors', 'domain_overview', 'domain_top_keywords', 'keyword_overview', 'related_keywords'],
    );
    const [overview] = toolResultsOf(second!.body);
    expect(overview!.name).toBe('domain_overview');
    expect(overview!.result).toMatchObject({ found: true, domain: busy.name, territory: 'US', latest: { keywords: busy.keywords, budget: busy.budget, value: busy.value } });
  });

  it('gives a free user and a visitor only what their research pages show: paid figures null, never 0', async () => {
    for (const session of [free, await visitor()]) {
      chat.requests.length = 0;
      chat.respond = domainOverviewScript(busy.name);
      const answer = (await (await ask(session, `How is ${busy.name} doing?`)).json()) as AssistantReply;
      expect(answer.reply).toContain('its PPC budget is for members');
      const [overview] = toolResultsOf(chat.requests[1]!.body);
      expect(overview!.result).toMatchObject({ latest: { keywords: busy.keywords, budget: null, value: null, paidClicks: null }, figuresForMembersOnly: ['value', 'paidClicks', 'budget'] });
    }
  });

  it('runs every table tool on the research catalogue, with rows capped and the asker’s lock', async () => {
    const [keyword] = await testApp.database.query<{ term: string }>(
      `select k.term from organic_rank r join keyword k on k.id = r.keyword_id join domain d on d.id = r.domain_id where d.name = $1 order by r.clicks desc limit 1`,
      [busy.name],
    );
    chat.requests.length = 0;
    chat.respond = (body) =>
      toolResultsOf(body).length
        ? chatAnswers.text(body.model, 'Done.')
        : chatAnswers.toolCalls(body.model, [
            { name: 'domain_top_keywords', args: { domain: busy.name } },
            { name: 'domain_competitors', args: { domain: `https://www.${busy.name}/` } },
            { name: 'domain_backlinks', args: { domain: busy.name } },
            { name: 'keyword_overview', args: { keyword: keyword!.term } },
            { name: 'related_keywords', args: { keyword: keyword!.term, countryCode: 'us' } },
          ]);
    const answer = (await (await ask(free, 'Tell me everything')).json()) as AssistantReply;
    expect(answer.reply).toBe('Done.');
    const results = Object.fromEntries(toolResultsOf(chat.requests[1]!.body).map((result) => [result.name, result.result as Record<string, unknown>]));
    const [counts] = await testApp.database.query<{ keywords: string; live: string; lost: string }>(
      `select (select organic_keywords from domain_month dm where dm.domain_id = d.id and territory = 'US' order by month desc limit 1) as keywords,
         (select count(*) from backlink b where b.target_domain_id = d.id and b.last_seen is null) as live,
         (select count(*) from backlink b where b.target_domain_id = d.id and b.last_seen is not null) as lost
       from domain d where d.name = $1`,
      [busy.name],
    );
    expect(results.domain_top_keywords).toMatchObject({ found: true, totalRows: Number(counts!.keywords) });
    expect((results.domain_top_keywords!.rows as unknown[]).length).toBeLessThanOrEqual(assistantLimits.toolRows);
    expect(results.domain_competitors).toMatchObject({ found: true });
    expect(results.domain_backlinks).toMatchObject({ liveBacklinks: Number(counts!.live), lostBacklinks: Number(counts!.lost) });
    expect(results.keyword_overview).toMatchObject({ wasQueryFound: true, keyword: keyword!.term, cpc: null });
    expect(results.related_keywords).toMatchObject({ found: true });
    expect(answer.sources.map((source) => source.href.split('?')[0])).toEqual(
      expect.arrayContaining(['/seo/keywords/domain', '/seo/competitors/domain', '/keyword/overview', '/keyword/related-keywords']),
    );
  });

  it('tells the model what it got wrong (not a domain, unknown tool) and lets it answer', async () => {
    chat.requests.length = 0;
    chat.respond = (body) =>
      toolResultsOf(body).length
        ? chatAnswers.text(body.model, 'Sorry.')
        : chatAnswers.toolCalls(body.model, [{ name: 'domain_overview', args: { domain: 'not a domain' } }, { name: 'delete_everything', args: {} }]);
    expect(((await (await ask(full, 'Break it')).json()) as AssistantReply).reply).toBe('Sorry.');
    const results = toolResultsOf(chat.requests[1]!.body).map((result) => result.result);
    expect(results).toEqual([{ error: expect.stringContaining('is not a domain name') }, { error: 'There is no tool named delete_everything.' }]);
  });

  it(`stops after ${assistantLimits.toolRounds} rounds of look-ups and asks for the answer without tools`, async () => {
    chat.requests.length = 0;
    chat.respond = (body) => chatAnswers.toolCalls(body.model, [{ name: 'domain_overview', args: { domain: busy.name } }]);
    const answer = (await (await ask(full, 'Loop forever')).json()) as AssistantReply;
    expect(answer.reply).toBe(assistantMessages.tooManyLookUps);
    expect(chat.requests).toHaveLength(assistantLimits.toolRounds + 1);
    expect(chat.requests.map((request) => request.body.tool_choice)).toEqual([...Array<string>(assistantLimits.toolRounds).fill('auto'), 'none']);
  });

  it('says in words what went wrong at the model server: key refused, busy, unknown model, an error, unreachable, too slow', async () => {
    const cases = [
      { answer: chatAnswers.error(401, 'Incorrect API key provided.', 'invalid_api_key'), status: 502, message: assistantMessages.keyRefused },
      { answer: chatAnswers.error(429, 'Rate limit reached.', 'rate_limit_exceeded', { 'retry-after': '7' }), status: 503, message: assistantMessages.busy('7 seconds') },
      { answer: chatAnswers.error(404, 'The model does not exist.', 'model_not_found'), status: 502, message: assistantMessages.modelUnknown(model) },
      { answer: chatAnswers.error(500, 'The server had an error.'), status: 502, message: assistantMessages.failed(500) },
      { answer: { dropConnection: true } as const, status: 502, message: assistantMessages.unreachable },
      { answer: { hang: true } as const, status: 504, message: assistantMessages.timedOut },
    ];
    for (const failure of cases) {
      chat.respond = () => failure.answer;
      const response = await ask(full, 'Anything');
      expect(response.status).toBe(failure.status);
      expect(((await response.json()) as Answer).message).toBe(failure.message);
    }
  });

  it('refuses what it should not send on: a too long question, a conversation ending with an answer', async () => {
    const long = await ask(full, 'x'.repeat(assistantLimits.questionChars + 1));
    expect(long.status).toBe(400);
    const endsWithAnswer = await full.post('/rest/assistant/chat', { messages: [{ role: 'assistant', content: 'hi' }], countryCode: 'US' });
    expect(endsWithAnswer.status).toBe(400);
  });

  it("limits a visitor's questions per hour by address; a failure at the model server does not use one up", async () => {
    const session = await visitor();
    // The address's allowance is shared with the visitor test above: start this one with it whole.
    const used = await testApp.redis.client.keys(`${testApp.redis.prefix}:limit:assistant-visitor*`);
    if (used.length) await testApp.redis.client.del(...used);
    chat.respond = () => chatAnswers.error(500, 'down');
    expect((await ask(session, 'one')).status).toBe(502);
    chat.respond = (body) => chatAnswers.text(body.model, 'ok');
    const statuses: number[] = [];
    for (let index = 0; index < 4; index += 1) statuses.push((await ask(session, `question ${index}`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refusal = await ask(session, 'again');
    expect(Number(refusal.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refusal.json()) as Answer).message).toMatch(/^You have asked the assistant 3 questions in the last hour, the most your plan allows\. Please try again in (\d+ minutes?|1 hour)\.$/);
  });
});

describe("the asker's own data", () => {
  it("answers from the asker's own import, and tells another user Serpwise has no data for it", async () => {
    const worker = await startWorker(testApp.environment, pino({ level: 'silent' }), { httpPort: 0 });
    try {
      const alice = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['full'] }));
      const form = new FormData();
      form.append('format', 'gsc');
      form.append('territory', 'US');
      form.append('file', new Blob([new Uint8Array(gscExportZip())]), 'harrowgate-performance.zip');
      const started = await fetch(`${testApp.baseUrl}/rest/imports`, { method: 'POST', headers: { cookie: alice.cookie, [csrfHeaderName]: alice.csrfToken, accept: 'application/json' }, body: form });
      const { id } = (await started.json()) as ImportStatus;
      const landed = await untilJobStatus('the import', async () => (await (await alice.get(`/rest/imports/${id}`)).json()) as ImportStatus, (status) => ['completed', 'failed'].includes(status.state));
      expect(landed.state).toBe('completed');

      chat.respond = domainOverviewScript(gscExport.domain);
      const own = (await (await ask(alice, `How is ${gscExport.domain} doing?`)).json()) as AssistantReply;
      expect(own.reply).toContain(`In ${gscExport.month}, ${gscExport.domain} ranked for ${gscExport.queries} organic keywords`);
      const other = (await (await ask(full, `How is ${gscExport.domain} doing?`)).json()) as AssistantReply;
      expect(other).toEqual({ reply: `Serpwise has no data for ${gscExport.domain}.`, sources: [] });
    } finally {
      await worker.stop();
    }
  });
});

describe('the research assistant, not configured', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await startTestApp();
  }, setUpTimeoutMs);
  afterAll(async () => bare?.stop(), setUpTimeoutMs);

  it('says an administrator must configure it, and answers a question with that sentence', async () => {
    const session = await loggedInSession(bare.baseUrl, await createTestUser(bare.database, { roles: ['full'] }));
    expect(await (await session.get('/rest/assistant')).json()).toEqual({ configured: false, message: assistantMessages.notConfigured });
    const response = await session.post('/rest/assistant/chat', { messages: [{ role: 'user', content: 'Hello' }], countryCode: 'US' });
    expect(response.status).toBe(503);
    expect(((await response.json()) as Answer).message).toBe(assistantMessages.notConfigured);
  });
});
