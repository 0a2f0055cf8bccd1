/**
 * A client of the Chat Completions API as OpenAI documents it (POST {base}/chat/completions with `tools`; the answer's
 * `choices[0].message` carries text or `tool_calls`, each `{ id, type: 'function', function: { name, arguments } }`
 * with the arguments as a JSON string; a tool's result goes back as a `{ role: 'tool', tool_call_id, content }`
 * message). Any server that speaks it works: OpenAI, Azure's compatible endpoint, vLLM, Ollama, LM Studio, LiteLLM.
 * Not streamed: the page shows one answer when the look-ups are done.
 */

export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ChatToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface ChatTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface ChatCompletion {
  content: string | null;
  toolCalls: ChatToolCall[];
}

export interface ChatEndpoint {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
}

/** Why a request to the model server did not give an answer; the service turns each into a sentence for the user. */
export type ChatFailure = 'unreachable' | 'timeout' | 'unauthorised' | 'model' | 'busy' | 'failed' | 'unreadable';

export class ChatEndpointError extends Error {
  constructor(
    readonly failure: ChatFailure,
    readonly status: number | null = null,
    /** From the server's Retry-After, when it sent one (429). */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`chat endpoint: ${failure}${status ? ` (${status})` : ''}`);
    this.name = 'ChatEndpointError';
  }
}

export class ChatCompletionsClient {
  constructor(
    private readonly endpoint: ChatEndpoint,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  /**
   * One request: the conversation and the tools; `toolChoice: 'none'` asks for text only (the last round). `deadline`
   * (ms since the epoch) is the question's: a request still unanswered then fails as a time-out.
   */
  async complete(messages: ChatMessage[], tools: ChatTool[], toolChoice: 'auto' | 'none', deadline: number): Promise<ChatCompletion> {
    const timeLeft = deadline - Date.now();
    if (timeLeft <= 0) throw new ChatEndpointError('timeout');
    const url = `${this.endpoint.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.endpoint.apiKey) headers.authorization = `Bearer ${this.endpoint.apiKey}`;
    let response: Response;
    try {
      response = await this.fetchImpl(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ model: this.endpoint.model, messages, tools, tool_choice: toolChoice }),
        signal: AbortSignal.timeout(timeLeft),
      });
    } catch (error) {
      const name = (error as { name?: string } | null)?.name;
      throw new ChatEndpointError(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'unreachable');
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw new ChatEndpointError((error as { name?: string } | null)?.name === 'TimeoutError' ? 'timeout' : 'unreachable', response.status);
    }
    if (!response.ok) throw failureOf(response, text);
    return completionOf(text);
  }
}

function failureOf(response: Response, body: string): ChatEndpointError {
  const status = response.status;
  if (status === 401 || status === 403) return new ChatEndpointError('unauthorised', status);
  if (status === 429) return new ChatEndpointError('busy', status, retryAfterSeconds(response.headers.get('retry-after')));
  // OpenAI answers an unknown model with 404 and the code model_not_found; other servers say it in the message.
  if (status === 404 || /model_not_found|model .*(not found|does not exist)/i.test(body)) return new ChatEndpointError('model', status);
  return new ChatEndpointError('failed', status);
}

/** Retry-After as seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/** The first choice's message; arguments given as an object (some compatible servers) are read as their JSON. */
export function completionOf(text: string): ChatCompletion {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ChatEndpointError('unreadable');
  }
  const message = (body as { choices?: { message?: unknown }[] } | null)?.choices?.[0]?.message as
    | { content?: unknown; tool_calls?: unknown }
    | undefined;
  if (!message || typeof message !== 'object') throw new ChatEndpointError('unreadable');
  const content = typeof message.content === 'string' && message.content.trim() ? message.content : null;
  const calls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
  const toolCalls = calls.flatMap((call: unknown, index): ChatToolCall[] => {
    const fn = (call as { function?: { name?: unknown; arguments?: unknown } } | null)?.function;
    if (!fn || typeof fn.name !== 'string') return [];
    const id = (call as { id?: unknown }).id;
    const args = typeof fn.arguments === 'string' ? fn.arguments : JSON.stringify(fn.arguments ?? {});
    return [{ id: typeof id === 'string' && id ? id : `call_${index}`, type: 'function', function: { name: fn.name, arguments: args } }];
  });
  if (content === null && toolCalls.length === 0) throw new ChatEndpointError('unreadable');
  return { content, toolCalls };
}
