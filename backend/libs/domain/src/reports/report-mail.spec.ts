import { describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { readUnsubscribeToken, reportMail, unsubscribeToken, type ReportMailInput } from './report-mail.js';

// The e-mail of a report (issue 22 point 3): to its reader, HTML with a text part, absolute links, attached or linked.
const links = {
  seal: (text: string) => createHmac('sha256', 'test secret').update(text).digest('base64url'),
  isSealed(text: string, signature: string) {
    return this.seal(text) === signature;
  },
};

const input = (extra: Partial<ReportMailInput> = {}): ReportMailInput => ({
  title: 'Acme Weekly <Check>',
  domain: 'acme.example',
  countryCode: 'US',
  preparedBy: 'Northwind Search',
  preparedFor: 'Acme Ltd',
  brand: { name: 'Northwind Search', color: '#7c2d12', whiteLabel: true },
  frequency: 'WEEKLY',
  recipient: 'client@acme.test',
  isOwner: false,
  pdf: { fileName: 'report.pdf', bytes: 49_152, attached: true, url: 'https://reports.agency.test/rest/reports/mail/1/pdf?expires=1&signature=x', linkExpiresAt: '2026-12-27T08:00:00.000Z' },
  view: { url: 'https://reports.agency.test/rest/reports/shared/tok', expiresAt: '2026-12-27T08:00:00.000Z' },
  publicUrl: 'https://reports.agency.test',
  unsubscribeUrl: 'https://reports.agency.test/reports/unsubscribe?token=abc',
  ...extra,
});

describe('reportMail', () => {
  it('writes to the client, with the same words in the HTML and the text part', () => {
    const mail = reportMail(input());
    expect(mail.subject).toBe('Acme Weekly <Check>');
    expect(mail.text).toContain('Hello Acme Ltd,');
    expect(mail.text).toContain('Here is your weekly report “Acme Weekly <Check>” for acme.example (United States), prepared by Northwind Search.');
    // The web view first (point 5: for clients who want no attachment), then the PDF.
    expect(mail.text).toContain('Read it online, with its charts and tables, until Dec 27, 2026:\nhttps://reports.agency.test/rest/reports/shared/tok');
    expect(mail.text).toContain('The PDF (48 KB) is attached. You can also download it until Dec 27, 2026:');
    expect(mail.text).toContain('https://reports.agency.test/rest/reports/mail/1/pdf?expires=1&signature=x');
    expect(mail.text).not.toMatch(/your account|serpwise/i);
    // HTML: escaped text, the brand's colour, every link absolute.
    expect(mail.html).toContain('Acme Weekly &lt;Check&gt;');
    expect(mail.html).toContain('#7c2d12');
    expect(mail.html).not.toContain('<Check>');
    const hrefs = [...mail.html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!);
    expect(hrefs).toEqual([
      'https://reports.agency.test/rest/reports/shared/tok',
      'https://reports.agency.test/rest/reports/mail/1/pdf?expires=1&amp;signature=x',
      'https://reports.agency.test/reports/unsubscribe?token=abc',
    ]);
    expect(mail.html).toContain('>View online</a>');
  });

  it('gives an external recipient of a schedule the unsubscribe link, also as List-Unsubscribe', () => {
    const mail = reportMail(input());
    expect(mail.text).toContain('You receive this weekly report at client@acme.test because Northwind Search sends it to you. If you no longer want it:\nhttps://reports.agency.test/reports/unsubscribe?token=abc');
    expect(mail.headers).toEqual({ 'List-Unsubscribe': '<https://reports.agency.test/reports/unsubscribe?token=abc>' });
  });

  it('tells the account itself where to change the schedule, and gives it no unsubscribe', () => {
    const mail = reportMail(input({ isOwner: true, recipient: 'me@agency.test', unsubscribeUrl: null, preparedFor: '' }));
    expect(mail.text).toContain('Hello,');
    expect(mail.text).toContain('Change, pause or stop it in your scheduled reports:\nhttps://reports.agency.test/account/scheduled-pdf-reports');
    expect(mail.text).not.toContain('Unsubscribe');
    expect(mail.headers).toBeUndefined();
  });

  it('links a PDF too large to attach, beside the web view', () => {
    const mail = reportMail(input({ pdf: { ...input().pdf, bytes: 12_897_485, attached: false } }));
    expect(mail.text).toContain('The PDF (12.3 MB) is too large to attach. Download it until Dec 27, 2026:');
    expect(mail.html).toContain('Download the PDF');
    expect(mail.html).toContain('View online');
  });

  it('names no sender under a white label without a company, and Serpwise only when it is the brand', () => {
    const anonymous = reportMail(input({ preparedBy: '', brand: { name: '', color: '#000000', whiteLabel: true } }));
    expect(anonymous.text).toContain('for acme.example (United States).');
    expect(anonymous.text).toContain('You receive this weekly report at client@acme.test. If you no longer want it:');
    expect(anonymous.text + anonymous.html).not.toMatch(/serpwise/i);
    const serpwise = reportMail(input({ preparedBy: '', brand: { name: 'Serpwise', color: '#1f4e79', whiteLabel: false }, frequency: null, unsubscribeUrl: null }));
    expect(serpwise.text).toContain('Here is your report “Acme Weekly <Check>” for acme.example (United States), prepared by Serpwise.');
    expect(serpwise.text).toMatch(/— Serpwise$/);
  });
});

describe('unsubscribe tokens', () => {
  it('name one address of one schedule, and refuse anything altered', () => {
    const token = unsubscribeToken(links, { scheduleId: 's-1', email: 'client@acme.test' });
    expect(readUnsubscribeToken(links, token)).toEqual({ scheduleId: 's-1', email: 'client@acme.test' });
    const [payload, seal] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ s: 's-1', e: 'boss@acme.test' })).toString('base64url');
    expect(readUnsubscribeToken(links, `${forged}.${seal}`)).toBeNull();
    expect(readUnsubscribeToken(links, `${payload}.${seal}x`)).toBeNull();
    expect(readUnsubscribeToken(links, payload)).toBeNull();
    expect(readUnsubscribeToken(links, `${token}.more`)).toBeNull();
    expect(readUnsubscribeToken(links, 42)).toBeNull();
  });
});
