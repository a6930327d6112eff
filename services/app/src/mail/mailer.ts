import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import nodemailer from 'nodemailer';
import type { SellerIdentity, ShopConfig } from '../config.js';
import type { Logger } from '../infrastructure/logger.js';

/** A file sent with a message (an invoice's PDF). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with it, in this order. */
  attachments?: MailAttachment[];
  /** Where a reply goes, when not to the sender. */
  replyTo?: string;
  /**
   * The shop's own id for this message (a job's mail id). It makes the Message-ID, and the
   * outbox's file name, so a message sent again after a crash replaces the first file, and a mail
   * client that already holds the first copy shows one.
   */
  id?: string;
}

/** `<id@domain-of-the-sender>`, with the id kept to the characters a Message-ID allows. */
export function messageIdOf(id: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${id.replace(/[^A-Za-z0-9_-]/g, '.')}@${domain}>`;
}

/** The message as nodemailer takes it: the shop's id becomes its Message-ID. */
function composed(message: MailMessage, from: string) {
  const { id, ...rest } = message;
  return { from, ...rest, ...(id ? { messageId: messageIdOf(id, from) } : {}) };
}

/** Where e-mails leave the shop. Jobs send them; requests never do. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** What a job that mails customers needs: the records, the mailer, the shop's address for links, the time and the log. */
export interface MailJobDependencies {
  knex: Knex;
  mailer: Mailer;
  publicUrl: string;
  clock: () => Date;
  logger: Logger;
  /** The seller the invoices sent with order e-mails name; unset, confirmations carry no invoice. */
  seller?: SellerIdentity;
}

/**
 * Short timeouts: a job holds a database transaction while it sends (see the account mail
 * jobs), so a stuck server must fail the attempt quickly rather than after nodemailer's
 * default ten minutes.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

export class SmtpMailer implements Mailer {
  private readonly transport: ReturnType<typeof nodemailer.createTransport>;

  constructor(private readonly options: { smtpUrl: string; from: string }) {
    this.transport = nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS }, { from: options.from });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail(composed(message, this.options.from));
  }
}

/**
 * The embedded default: each message becomes a complete RFC 5322 file in a folder, which the
 * operator opens with any mail client. Nothing leaves the machine.
 */
export class OutboxMailer implements Mailer {
  private readonly composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  private leftoversCleared: Promise<void> | undefined;

  constructor(private readonly options: { folder: string; from: string; logger?: Logger }) {}

  async send(message: MailMessage): Promise<void> {
    const info = await this.composer.sendMail(composed(message, this.options.from));
    const content = info.message;
    if (!Buffer.isBuffer(content)) throw new Error('the outbox expected the message as a buffer');
    await mkdir(this.options.folder, { recursive: true });
    this.leftoversCleared ??= this.clearLeftovers().catch((error: unknown) => {
      this.options.logger?.warn({ err: error }, 'half-written outbox files could not be cleared');
    });
    await this.leftoversCleared;
    const name = message.id
      ? `${message.id.replace(/[^A-Za-z0-9_-]/g, '.')}.eml`
      : `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
    const file = path.join(this.options.folder, name);
    // Written aside then renamed, so a reader of the folder never sees half a message.
    const aside = `${file}.${randomUUID()}.tmp`;
    await writeFile(aside, content, { mode: 0o600 });
    await rename(aside, file);
    this.options.logger?.info({ file }, 'e-mail written to the outbox');
  }

  /**
   * Once per process: the files a process killed while writing left aside (its job sent the
   * message again), those older than `LEFTOVER_AGE_MS`; a write of the moment takes milliseconds.
   */
  private async clearLeftovers(): Promise<void> {
    const { folder } = this.options;
    const before = Date.now() - LEFTOVER_AGE_MS;
    for (const name of await readdir(folder)) {
      if (!name.endsWith('.tmp')) continue;
      const file = path.join(folder, name);
      const written = await stat(file).catch(() => undefined);
      if (written && written.mtimeMs < before) await rm(file, { force: true });
    }
  }
}

/** How old a half-written outbox file must be to be cleared. */
const LEFTOVER_AGE_MS = 10 * 60_000;

/** SMTP when SMTP_URL is set, otherwise the outbox folder in DATA_DIR. */
export function createMailer(config: Pick<ShopConfig, 'smtpUrl' | 'mailFrom' | 'dataDir'>, logger: Logger): Mailer {
  if (config.smtpUrl) return new SmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  return new OutboxMailer({ folder: path.join(config.dataDir, 'outbox'), from: config.mailFrom, logger });
}
