import { findTerritory, formatBytes, restPrefix, type PdfReportFrequency } from '@serpwise/contracts';
import type { DownloadLinks } from '@serpwise/platform';

/**
 * The e-mail a report goes out with (issue 22 point 3), one per recipient: an HTML message in the report's brand
 * with a plain-text part, written to the person who reads it (an agency's client, or the agency itself), every link
 * absolute through PUBLIC_URL: "View online", the delivery's share link (point 5: the report's read-only web view, for
 * clients who want no attachment), then the PDF, attached up to REPORT_MAIL_ATTACHMENT_MAX_MB and linked either way;
 * and for an external recipient of a schedule an unsubscribe link that stops that recipient only.
 */

/** The page where an unsubscribe link lands (it asks before it stops anything). */
export const reportUnsubscribePagePath = '/reports/unsubscribe';

/** The PDF of a mailed report, for whoever holds the mail's signed link (no login: the client has no account). */
export const reportMailFilePath = (jobId: string) => `${restPrefix}/reports/mail/${jobId}/pdf`;

/** The subject a mail link is signed for: the mail's readers, not a user. */
export const reportMailLinkSubject = 'mail';

/** Whom an unsubscribe token stops: one address, from one schedule. */
export interface UnsubscribeTarget {
  scheduleId: string;
  email: string;
}

/** "<payload>.<seal>": the payload names the schedule and the address, the seal (HMAC) makes it unforgeable. */
export function unsubscribeToken(links: Pick<DownloadLinks, 'seal'>, target: UnsubscribeTarget): string {
  const payload = Buffer.from(JSON.stringify({ s: target.scheduleId, e: target.email })).toString('base64url');
  return `${payload}.${links.seal(payload)}`;
}

/** The target of a token this installation made, or null for anything else (altered, truncated, made up). */
export function readUnsubscribeToken(links: Pick<DownloadLinks, 'isSealed'>, token: unknown): UnsubscribeTarget | null {
  if (typeof token !== 'string' || token.length > 2000) return null;
  const [payload, seal, extra] = token.split('.');
  if (!payload || !seal || extra !== undefined || !links.isSealed(payload, seal)) return null;
  try {
    const { s, e } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { s?: unknown; e?: unknown };
    return typeof s === 'string' && typeof e === 'string' ? { scheduleId: s, email: e } : null;
  } catch {
    return null;
  }
}

export interface ReportMailInput {
  /** The report's title: the subject. */
  title: string;
  domain: string;
  countryCode: string;
  preparedBy: string;
  preparedFor: string;
  /** The brand the report is drawn in: its name ('' for a white label without one) and its main colour. */
  brand: { name: string; color: string; whiteLabel: boolean; /** The brand's contact line, signed under its name; absent or empty: none. */ contactLine?: string };
  /** A scheduled report's frequency; null for a one-off e-mail. */
  frequency: PdfReportFrequency | null;
  recipient: string;
  /** The account's own address (it scheduled or sent it) rather than a client's. */
  isOwner: boolean;
  pdf: { fileName: string; bytes: number; attached: boolean; url: string; linkExpiresAt: string };
  /** The report's web view: the delivery's share link (absolute), revocable by the report's owner, and when it expires. */
  view: { url: string; expiresAt: string };
  /** PUBLIC_URL: links of the account's own pages. */
  publicUrl: string;
  /** An external recipient of a schedule: the link that stops them (null otherwise). */
  unsubscribeUrl: string | null;
}

export interface ReportMail {
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/** Text made safe inside HTML (element content and quoted attributes). */
export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** "Dec 27, 2026". */
const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** The lines of the message, each a paragraph, with its link (if any) — one source for the HTML and the text part. */
interface Paragraph {
  text: string;
  link?: { label: string; url: string };
  small?: boolean;
}

function paragraphsOf(input: ReportMailInput): Paragraph[] {
  const territory = findTerritory(input.countryCode)?.name ?? input.countryCode;
  const sender = input.preparedBy || input.brand.name;
  const period = input.frequency === 'WEEKLY' ? 'weekly ' : input.frequency === 'MONTHLY' ? 'monthly ' : '';
  const size = formatBytes(input.pdf.bytes);
  const paragraphs: Paragraph[] = [
    { text: input.preparedFor ? `Hello ${input.preparedFor},` : 'Hello,' },
    {
      text: `Here is your ${period}report “${input.title}” for ${input.domain} (${territory})${sender && !input.isOwner ? `, prepared by ${sender}` : ''}.`,
    },
    { text: `Read it online, with its charts and tables, until ${day(input.view.expiresAt)}:`, link: { label: 'View online', url: input.view.url } },
    input.pdf.attached
      ? { text: `The PDF (${size}) is attached. You can also download it until ${day(input.pdf.linkExpiresAt)}:`, link: { label: 'Download the PDF', url: input.pdf.url } }
      : { text: `The PDF (${size}) is too large to attach. Download it until ${day(input.pdf.linkExpiresAt)}:`, link: { label: 'Download the PDF', url: input.pdf.url } },
  ];
  if (input.isOwner && input.frequency)
    paragraphs.push({ text: 'You receive this because you scheduled it. Change, pause or stop it in your scheduled reports:', link: { label: 'Scheduled reports', url: `${input.publicUrl}/account/scheduled-pdf-reports` }, small: true });
  else if (input.unsubscribeUrl)
    paragraphs.push({
      text: `You receive this ${period}report at ${input.recipient}${sender ? ` because ${sender} sends it to you` : ''}. If you no longer want it:`,
      link: { label: 'Unsubscribe', url: input.unsubscribeUrl },
      small: true,
    });
  return paragraphs;
}

/** The message for one recipient. */
export function reportMail(input: ReportMailInput): ReportMail {
  const paragraphs = paragraphsOf(input);
  const contactLine = input.brand.contactLine?.trim() ?? '';
  const text = [
    ...paragraphs.map((paragraph) => (paragraph.link ? `${paragraph.text}\n${paragraph.link.url}` : paragraph.text)),
    ...(input.brand.name ? [`— ${input.brand.name}`] : []),
    ...(contactLine ? [contactLine] : []),
  ].join('\n\n');
  const color = /^#[0-9a-f]{6}$/i.test(input.brand.color) ? input.brand.color : '#1f4e79';
  const html = [
    '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>',
    '<body style="margin:0;padding:0;background:#f4f5f7;font-family:Helvetica,Arial,sans-serif;color:#1f2933">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7"><tr><td align="center" style="padding:24px 12px">',
    '<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:6px">',
    `<tr><td style="background:${color};color:#ffffff;padding:18px 24px;font-size:18px;font-weight:bold;border-radius:6px 6px 0 0">${escapeHtml(input.brand.name || input.title)}</td></tr>`,
    '<tr><td style="padding:24px">',
    ...paragraphs.map((paragraph) => {
      const style = paragraph.small ? 'margin:24px 0 0;font-size:12px;color:#616e7c' : 'margin:0 0 14px;font-size:15px;line-height:1.5';
      const link = paragraph.link
        ? paragraph.small
          ? ` <a href="${escapeHtml(paragraph.link.url)}" style="color:#616e7c">${escapeHtml(paragraph.link.label)}</a>`
          : `</p><p style="margin:0 0 18px"><a href="${escapeHtml(paragraph.link.url)}" style="display:inline-block;background:${color};color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:4px;font-weight:bold">${escapeHtml(paragraph.link.label)}</a>`
        : '';
      return `<p style="${style}">${escapeHtml(paragraph.text)}${link}</p>`;
    }),
    ...(contactLine ? [`<p style="margin:18px 0 0;font-size:13px;color:#3e4c59">${escapeHtml(contactLine)}</p>`] : []),
    '</td></tr></table></td></tr></table></body></html>',
  ].join('\n');
  return {
    subject: input.title,
    text,
    html,
    // Mail programs show their own "Unsubscribe" for it; it opens the same page, which asks before it stops anything.
    ...(input.unsubscribeUrl ? { headers: { 'List-Unsubscribe': `<${input.unsubscribeUrl}>` } } : {}),
  };
}
