import type { Environment } from '@serpwise/contracts';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport, type Transporter } from 'nodemailer';
import { randomUUID } from 'node:crypto';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (a scheduled report's PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /** Extra headers (List-Unsubscribe of a report's external recipient). */
  headers?: Record<string, string>;
}

/** The port every e-mail goes through: SMTP when configured, else a local outbox folder. */
export abstract class Mailer {
  abstract send(message: MailMessage): Promise<void>;
}

/** Sends through the SMTP server of SMTP_URL (mailpit under docker compose). */
export class SmtpMailer extends Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    super();
    this.transport = createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }
}

/**
 * Without SMTP, each message is written as an .eml file under DATA_DIR/outbox, so a self-hoster (or a test) can
 * open it; nothing is silently dropped.
 */
export class OutboxMailer extends Mailer {
  private readonly transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(
    readonly outboxDir: string,
    private readonly from: string,
  ) {
    super();
  }

  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({ from: this.from, ...message });
    await mkdir(this.outboxDir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
    await writeFile(join(this.outboxDir, name), info.message as Buffer);
  }
}

export const outboxDirOf = (environment: Environment) => join(environment.DATA_DIR, 'outbox');

export function createMailer(environment: Environment): Mailer {
  return environment.SMTP_URL
    ? new SmtpMailer(environment.SMTP_URL, environment.MAIL_FROM)
    : new OutboxMailer(outboxDirOf(environment), environment.MAIL_FROM);
}
