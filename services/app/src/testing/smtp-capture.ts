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
