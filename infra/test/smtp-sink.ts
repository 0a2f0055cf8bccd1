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

/** The decoded attachments of a MIME message with this content type (base64 parts, as nodemailer writes them). */
export function attachmentsOf(raw: string, contentType: string): { fileName: string | null; content: Buffer }[] {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  if (!boundary) return [];
  return raw
    .split(`--${boundary}`)
    .map((part) => {
      const split = part.search(/\r?\n\r?\n/);
      return split < 0 ? null : { headers: part.slice(0, split), body: part.slice(split).trim() };
    })
    .filter((part): part is { headers: string; body: string } => part !== null && new RegExp(`content-type:\\s*${contentType.replace('/', '\\/')}`, 'i').test(part.headers))
    .map((part) => ({
      fileName: /filename="?([^";\r\n]+)"?/i.exec(part.headers)?.[1] ?? null,
      content: Buffer.from(part.body.replace(/\s+/g, ''), 'base64'),
    }));
}

/** A header of a raw message (the first line of it, unfolded). */
export const headerOf = (raw: string, name: string) => new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(raw)?.[1]?.replace(/\r?\n[ \t]+/g, ' ') ?? null;
