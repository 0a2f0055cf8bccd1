import { describe, expect, it } from '@jest/globals';
import { assistantLimits } from '@serpwise/contracts';
import { sizedJson, systemPrompt } from './assistant.service.js';
import { ChatEndpointError, completionOf, retryAfterSeconds } from './chat-completions.js';

describe('completionOf (the documented Chat Completions answer)', () => {
  it('reads text, and tool calls with their JSON-string arguments', () => {
    expect(completionOf(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: 'Hi' }, finish_reason: 'stop' }] }))).toEqual({ content: 'Hi', toolCalls: [] });
    const calls = completionOf(
      JSON.stringify({
        choices: [{ message: { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'domain_overview', arguments: '{"domain":"a.com"}' } }] } }],
      }),
    );
    expect(calls).toEqual({ content: null, toolCalls: [{ id: 'call_1', type: 'function', function: { name: 'domain_overview', arguments: '{"domain":"a.com"}' } }] });
  });

  it('takes arguments sent as an object and a missing id, as some compatible servers send them', () => {
    const calls = completionOf(JSON.stringify({ choices: [{ message: { tool_calls: [{ function: { name: 'x', arguments: { domain: 'a.com' } } }] } }] }));
    expect(calls.toolCalls).toEqual([{ id: 'call_0', type: 'function', function: { name: 'x', arguments: '{"domain":"a.com"}' } }]);
  });

  it('refuses an answer without text or tool calls, or not JSON', () => {
    for (const body of ['not json', '{}', JSON.stringify({ choices: [{ message: { content: '  ' } }] })]) {
      expect(() => completionOf(body)).toThrow(ChatEndpointError);
    }
  });
});

describe('retryAfterSeconds', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterSeconds('7')).toBe(7);
    expect(retryAfterSeconds(new Date(61_000).toUTCString(), 1_000)).toBe(60);
    expect(retryAfterSeconds(null)).toBeNull();
    expect(retryAfterSeconds('soon')).toBeNull();
  });
});

describe('sizedJson (a tool result within its size)', () => {
  it('drops rows from the end first, and says how many', () => {
    const rows = Array.from({ length: 10 }, (_v, index) => ({ index, text: 'x'.repeat(1_000) }));
    const text = sizedJson({ found: true, rows });
    expect(text.length).toBeLessThanOrEqual(assistantLimits.toolResultChars);
    const parsed = JSON.parse(text) as { rows: unknown[]; rowsLeftOut: number };
    expect(parsed.rows.length + parsed.rowsLeftOut).toBe(10);
    expect(sizedJson({ a: 1 })).toBe('{"a":1}');
  });
});

describe('systemPrompt', () => {
  it('names the territory and what a null figure means for the asker', () => {
    const prompt = systemPrompt({ viewer: 'free', countryCode: 'DE' }, '2026-11-27');
    expect(prompt).toContain('territory DE');
    expect(prompt).toContain('on a free account');
    expect(prompt).toContain('never write it as 0');
  });
});
