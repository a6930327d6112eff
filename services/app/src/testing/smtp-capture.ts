import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SmtpCapture<T> {
  /** Where the shop sends mail: `SMTP_URL`. */
  url: string;
  /** Every message received so far, in arrival order, as `read` made it. */
  messages: T[];
  close: () => Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1, port 0, that accepts every message and keeps it as
 * `read(raw, to)` makes it: `raw` is the whole message (headers and body) as latin1 text,
 * `to` the envelope recipients.
 */
export async function startSmtpCapture<T>(read: (raw: string, to: string[]) => T): Promise<SmtpCapture<T>> {
  const messages: T[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push(
          read(
            Buffer.concat(chunks).toString('latin1'),
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        callback();
      });
    },
  });
  const listening = server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => listening.once('listening', () => resolve()));
  const { port } = listening.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Undoes quoted-printable (soft line breaks and =XX bytes) and reads the bytes as UTF-8. */
export const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The body decoded (the plain-text part), with the no-break spaces of French typography made plain spaces. */
  text: string;
  /** The HTML part, decoded likewise, when the message has one. */
  html?: string;
}

const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/** RFC 2047 encoded words, as nodemailer writes a subject that is not ASCII. */
const decodeWords = (value: string) =>
  value.replace(/(\?=)\s+(?==\?)/g, '$1').replace(/(?:=\?[^?]+\?[QqBb]\?[^?]*\?=)+/g, (run) => {
    const words = [...run.matchAll(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g)];
    const bytes = words.map(([, encoding, data = '']) =>
      encoding!.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ),
    );
    return Buffer.concat(bytes).toString('utf8');
  });

/** Headers unfolded, and a body, of a message or of one of its parts. */
function splitEntity(raw: string) {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';
  return { header, body };
}

function decodeBody(body: string, transferEncoding: string) {
  const encoding = transferEncoding.toLowerCase();
  return encoding === 'base64'
    ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    : encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : Buffer.from(body, 'latin1').toString('utf8');
}

/** The leaves of an entity: itself, or the parts of its multipart parts (mixed with attachments, alternative), in order. */
function leavesOf(entity: ReturnType<typeof splitEntity>): Array<{ type: string; content: string }> {
  const contentType = entity.header('Content-Type');
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) {
    const type = contentType.split(';')[0]!.trim().toLowerCase() || 'text/plain';
    const transfer = entity.header('Content-Transfer-Encoding');
    return [{ type, content: plainSpaces(decodeBody(entity.body.replace(/\r\n$/, ''), transfer)) }];
  }
  return entity.body
    .split(`--${boundary}`)
    .slice(1, -1)
    .flatMap((part) => leavesOf(splitEntity(part.replace(/^\r\n/, ''))));
}

/** A text message, or a multipart one (text and HTML, attachments beside them), read as a mail client would show it. */
export function readMail(raw: string, to: string[]): ReceivedMail {
  const entity = splitEntity(raw);
  const subject = plainSpaces(decodeWords(entity.header('Subject')));
  const parts = leavesOf(entity);
  const text = parts.find((part) => part.type === 'text/plain')?.content ?? '';
  const html = parts.find((part) => part.type === 'text/html')?.content;
  return { to, subject, text, ...(html !== undefined ? { html } : {}) };
}
