import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A local SMTP server for tests (smtp-server): accepts every message and keeps it, except for recipients the test
 * says to refuse, which get a 550 as a real server would answer an unknown mailbox.
 */
export async function startSmtpSink(): Promise<{ url: string; mails: ReceivedMail[]; refuse: Set<string>; waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>; stop(): Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const refuse = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse.has(address.address.toLowerCase())) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refuse,
    async waitFor(predicate, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No matching mail within ${timeoutMs} ms (got ${mails.length})`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The decoded attachments of a MIME message with this content type (nested multiparts walked through). */
export function attachmentsOf(raw: string, contentType: string): { fileName: string | null; content: Buffer }[] {
  return mimePartsOf(raw)
    .filter((part) => part.contentType === contentType.toLowerCase())
    .map((part) => ({ fileName: part.fileName, content: part.content }));
}

/** A header of a raw message (the first line of it, unfolded). */
export const headerOf = (raw: string, name: string) => new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(raw)?.[1]?.replace(/\r?\n[ \t]+/g, ' ') ?? null;

/** One leaf part of a MIME message: its content type, file name (an attachment's), and decoded body. */
export interface MimePart {
  contentType: string;
  fileName: string | null;
  content: Buffer;
  /** The body as text (UTF-8). */
  text: string;
}

const decodeQuotedPrintable = (body: string) =>
  Buffer.from(
    body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  );

/**
 * Every leaf part of a MIME message, nested multiparts (mixed → alternative → text and HTML) walked through, each
 * body decoded from base64 or quoted-printable: enough to read the HTML part, the text part and the attachments of
 * the messages nodemailer writes.
 */
export function mimePartsOf(raw: string): MimePart[] {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const contentType = headerOf(headers, 'Content-Type') ?? 'text/plain';
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(contentType)?.[1];
  if (/^multipart\//i.test(contentType) && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    return sections.filter((section) => !section.startsWith('--')).flatMap((section) => mimePartsOf(section.replace(/^\r?\n/, '')));
  }
  const encoding = (headerOf(headers, 'Content-Transfer-Encoding') ?? '').toLowerCase();
  const content = encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : Buffer.from(body, 'utf8');
  return [
    {
      contentType: contentType.split(';')[0]!.trim().toLowerCase(),
      fileName: /filename="?([^";\r\n]+)"?/i.exec(headerOf(headers, 'Content-Disposition') ?? contentType)?.[1] ?? null,
      content,
      text: content.toString('utf8'),
    },
  ];
}

/** A header with its RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) decoded, as a mail program shows it. */
export function decodedHeaderOf(raw: string, name: string): string | null {
  const value = headerOf(raw, name);
  if (value === null) return null;
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );
}
