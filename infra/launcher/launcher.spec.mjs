import { describe, expect, it } from '@jest/globals';
import { nodeIsRecentEnough } from './bootstrap.mjs';
import { formatLogLine } from './processes.mjs';

describe('nodeIsRecentEnough', () => {
  it.each([
    ['v20.20.2', false],
    ['v22.16.0', false],
    ['v22.17.0', true],
    ['v24.21.0', true],
  ])('%s → %s', (version, expected) => {
    expect(nodeIsRecentEnough(version)).toBe(expected);
  });
});

describe('formatLogLine', () => {
  it('turns a pino line into level and message', () => {
    expect(formatLogLine('{"level":40,"msg":"slow","pid":1}')).toBe('warn  slow');
  });
  it('adds the request and the error when present', () => {
    const line = JSON.stringify({ level: 30, msg: 'request completed', req: { method: 'GET', url: '/x' }, res: { statusCode: 404 } });
    expect(formatLogLine(line)).toBe('info  request completed GET /x → 404');
  });
  it('passes other text through', () => {
    expect(formatLogLine('plain text')).toBe('plain text');
  });
});
