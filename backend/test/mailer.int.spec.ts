import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { attachmentsOf, headerOf, startSmtpSink } from '../../infra/test/smtp-sink.js';
import { OutboxMailer, SmtpMailer } from '@serpwise/platform';

/** The Mailer on nodemailer's current major (issue 16 point 11): SMTP to a local server, and the .eml outbox. */
jest.setTimeout(60_000);

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let outbox: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  outbox = await mkdtemp(join(tmpdir(), 'sw-outbox-'));
});

afterAll(async () => {
  await smtp?.stop();
  await rm(outbox, { recursive: true, force: true });
});

const message = {
  to: 'someone@example.com',
  subject: 'Your Serpwise report — ünïcode',
  text: 'Hello,\nthe report is attached.',
  attachments: [{ filename: 'report.pdf', content: Buffer.from('%PDF-1.7 fake'), contentType: 'application/pdf' }],
};

describe('Mailer', () => {
  it('sends through SMTP with the sender, subject, text and attachment', async () => {
    await new SmtpMailer(smtp.url, 'Serpwise <reports@serpwise.test>').send(message);
    const mail = await smtp.waitFor((candidate) => candidate.to.includes('someone@example.com'));
    expect(mail.from).toBe('reports@serpwise.test');
    expect(headerOf(mail.raw, 'From')).toBe('Serpwise <reports@serpwise.test>');
    expect(headerOf(mail.raw, 'Subject')).toMatch(/^=\?UTF-8\?/i);
    expect(attachmentsOf(mail.raw, 'application/pdf')).toEqual([{ fileName: 'report.pdf', content: Buffer.from('%PDF-1.7 fake') }]);
  });

  it('refuses with the server\'s answer when the mailbox is unknown', async () => {
    smtp.refuse.add('nobody@example.com');
    await expect(new SmtpMailer(smtp.url, 'Serpwise <reports@serpwise.test>').send({ ...message, to: 'nobody@example.com' })).rejects.toThrow(/550/);
  });

  it('writes an .eml file to the outbox without SMTP', async () => {
    await new OutboxMailer(outbox, 'Serpwise <no-reply@serpwise.local>').send(message);
    const [file] = await readdir(outbox);
    const raw = await readFile(join(outbox, file!), 'utf8');
    expect(headerOf(raw, 'To')).toBe('someone@example.com');
    expect(raw).toContain('the report is attached.');
    expect(attachmentsOf(raw, 'application/pdf')[0]?.fileName).toBe('report.pdf');
  });
});
