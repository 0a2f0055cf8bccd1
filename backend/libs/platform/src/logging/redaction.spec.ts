import { describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { redactedLogPaths, redactedText, scrubSecrets } from './redaction.js';

const sessionToken = 'AbC123_-sessionTokenValue';

describe('scrubSecrets', () => {
  it('masks secret fields at any depth, plain and inside a raw body kept on an error', () => {
    const line = JSON.stringify({
      msg: 'x',
      body: { email: 'a@example.com', password: 'hunter2!', newPassword: 'n3w', nested: { resetToken: 'rt-1', refresh_token: 'rf-2' } },
      err: { body: JSON.stringify({ password: 'hunter2!', csrfToken: 'csrf-3' }) },
      headers: { 'set-cookie': [`sw_sid=${sessionToken}; Path=/; HttpOnly`], 'x-csrf-token': 'csrf-3' },
    });
    const scrubbed = scrubSecrets(line);
    for (const secret of ['hunter2!', 'n3w', 'rt-1', 'rf-2', 'csrf-3', sessionToken]) expect(scrubbed).not.toContain(secret);
    expect(JSON.parse(scrubbed)).toMatchObject({ body: { email: 'a@example.com', password: redactedText } });
  });

  it('masks the session cookie, tokens and signatures in text and query strings, and keeps the rest', () => {
    const scrubbed = scrubSecrets(
      JSON.stringify({ msg: `cookie sw_sid=${sessionToken}; other=1`, url: '/rest/auth/password-reset?token=rt-9&x=1', link: '/dl?id=5&sig=abc&expires=9', auth: 'Bearer tok.en' }),
    );
    for (const secret of [sessionToken, 'rt-9', 'sig=abc', 'tok.en']) expect(scrubbed).not.toContain(secret);
    expect(scrubbed).toContain('other=1');
    expect(scrubbed).toContain('x=1');
    expect(scrubbed).toContain('expires=9');
  });

  it('leaves ordinary words alone', () => {
    const line = JSON.stringify({ msg: 'request completed', statusCode: 200, keyword: 'token ring', tokens: 3 });
    expect(JSON.parse(scrubSecrets(line))).toMatchObject({ msg: 'request completed', statusCode: 200, keyword: 'token ring' });
  });

  it('through pino: the headers pino-http writes come out redacted', () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(chunk.toString()), done()) });
    const logger = pino({ redact: { paths: redactedLogPaths, censor: redactedText }, hooks: { streamWrite: scrubSecrets } }, sink);
    logger.info({ req: { headers: { cookie: `sw_sid=${sessionToken}`, 'x-csrf-token': 'csrf-4' } }, res: { headers: { 'set-cookie': [`sw_sid=${sessionToken}`] } } }, 'done');
    expect(lines.join('')).not.toContain(sessionToken);
    expect(lines.join('')).not.toContain('csrf-4');
  });
});
