import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message of a Chat Completions request, as the documented API takes it. */
export interface FakeChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null;
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

export interface FakeChatRequestBody {
  model: string;
  messages: FakeChatMessage[];
  tools?: { type: 'function'; function: { name: string; description?: string; parameters?: unknown } }[];
  tool_choice?: unknown;
}

/** One request the fake received. */
export interface FakeChatRequest {
  path: string;
  authorization: string | null;
  body: FakeChatRequestBody;
}

/** What the fake sends back: a documented completion, an error status, or a dropped connection. */
export interface JsonAnswer {
  status: number;
  json: unknown;
  headers?: Record<string, string>;
}
/** `hang`: read the request and never answer (a model server that stopped responding). */
export type FakeChatAnswer = JsonAnswer | { dropConnection: true } | { hang: true };

let counter = 0;
const envelope = (model: string, message: Record<string, unknown>, finishReason: string) => ({
  id: `chatcmpl-fake${++counter}`,
  object: 'chat.completion',
  created: Math.floor(Date.now() / 1000),
  model,
  choices: [{ index: 0, message: { role: 'assistant', refusal: null, ...message }, logprobs: null, finish_reason: finishReason }],
  usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
});

/** The documented answer shapes: text (finish_reason "stop"), tool calls (content null, finish_reason "tool_calls"). */
export const chatAnswers = {
  text: (model: string, content: string): JsonAnswer => ({ status: 200, json: envelope(model, { content }, 'stop') }),
  toolCalls: (model: string, calls: { name: string; args: Record<string, unknown> }[]): JsonAnswer => ({
    status: 200,
    json: envelope(
      model,
      { content: null, tool_calls: calls.map((call) => ({ id: `call_${++counter}`, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.args) } })) },
      'tool_calls',
    ),
  }),
  /** OpenAI's error body. */
  error: (status: number, message: string, code: string | null = null, headers?: Record<string, string>): JsonAnswer => ({
    status,
    json: { error: { message, type: status === 401 ? 'invalid_request_error' : 'requests', param: null, code } },
    ...(headers ? { headers } : {}),
  }),
};

/** The tool results (role "tool") of a request, parsed, by the name of the call they answer. */
export function toolResultsOf(body: FakeChatRequestBody): { name: string; args: unknown; result: unknown }[] {
  const calls = new Map(body.messages.flatMap((message) => message.tool_calls ?? []).map((call) => [call.id, call.function]));
  return body.messages
    .filter((message) => message.role === 'tool')
    .map((message) => {
      const call = calls.get(message.tool_call_id ?? '');
      return { name: call?.name ?? '?', args: call ? (JSON.parse(call.arguments) as unknown) : null, result: JSON.parse(message.content ?? 'null') as unknown };
    });
}

/** The figures a domain_overview tool result carries (what the scripted model reads back). */
interface OverviewResult {
  found: boolean;
  month?: string | null;
  latest?: { keywords: number; clicks: number; budget: number | null } | null;
}

/**
 * A scripted model for "how is <domain> doing?": the first request is answered with a domain_overview tool call, the
 * next with a sentence built from the tool result it received, so the figures the user reads are the look-up's.
 */
export function domainOverviewScript(domain: string): (body: FakeChatRequestBody) => FakeChatAnswer {
  return (body) => {
    const overview = toolResultsOf(body).find((result) => result.name === 'domain_overview')?.result as OverviewResult | undefined;
    if (!overview) return chatAnswers.toolCalls(body.model, [{ name: 'domain_overview', args: { domain } }]);
    if (!overview.found || !overview.latest) return chatAnswers.text(body.model, `Serpwise has no data for ${domain}.`);
    const budget = overview.latest.budget === null ? 'its PPC budget is for members' : `its PPC budget was $${overview.latest.budget.toLocaleString('en-US')}`;
    return chatAnswers.text(body.model, `In ${overview.month?.slice(0, 7)}, ${domain} ranked for ${overview.latest.keywords.toLocaleString('en-US')} organic keywords; ${budget}.`);
  };
}

/**
 * A local stand-in for an OpenAI-compatible Chat Completions server (POST /v1/chat/completions), so tests point
 * ASSISTANT_BASE_URL at `baseUrl`. `respond` decides each answer from the request (a test scripts a tool call, then
 * text built from the tool result it receives). Like OpenAI, it refuses a request whose assistant tool calls are not
 * each answered by a tool message with their id (400).
 */
export class FakeChatServer {
  readonly requests: FakeChatRequest[] = [];
  respond: (body: FakeChatRequestBody) => FakeChatAnswer = (body) => chatAnswers.text(body.model, 'Hello from the fake model.');
  private server: Server | null = null;
  baseUrl = '';

  async start(): Promise<this> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    if (request.method !== 'POST' || path !== '/v1/chat/completions') return send(response, chatAnswers.error(404, `Unknown path ${path}`));
    let body: FakeChatRequestBody;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as FakeChatRequestBody;
    } catch {
      return send(response, chatAnswers.error(400, 'We could not parse the JSON body of your request.'));
    }
    this.requests.push({ path, authorization: request.headers.authorization ?? null, body });
    const unanswered = unansweredToolCall(body);
    if (unanswered) return send(response, chatAnswers.error(400, `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. Missing: ${unanswered}`));
    const answer = this.respond(body);
    if ('dropConnection' in answer) {
      request.socket.destroy();
      return;
    }
    if ('hang' in answer) return;
    send(response, answer);
  }
}

function unansweredToolCall(body: FakeChatRequestBody): string | null {
  const answered = new Set(body.messages.filter((message) => message.role === 'tool').map((message) => message.tool_call_id));
  const call = body.messages.flatMap((message) => message.tool_calls ?? []).find((candidate) => !answered.has(candidate.id));
  return call?.id ?? null;
}

function send(response: ServerResponse, answer: JsonAnswer): void {
  response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
  response.end(JSON.stringify(answer.json));
}
