import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../infrastructure/logger.js';
import { createMailer, OutboxMailer, SmtpMailer } from './mailer.js';

/** The decoded body of one MIME part, enough to read what a mail client would show. */
function mimePart(eml: string, contentType: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(eml)?.[1];
  const parts = boundary ? eml.split(`--${boundary}`) : [eml];
  const part = parts.find((p) => new RegExp(`content-type: ${contentType}`, 'i').test(p));
  if (!part) throw new Error(`no ${contentType} part`);
  const [head = '', ...rest] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/quoted-printable/i.test(head)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  if (/base64/i.test(head)) return Buffer.from(body, 'base64').toString('utf8');
  return body;
}

/** The outbox mailer writing to `outbox`, as the shop's own no-reply address. */
const outboxMailer = (outbox: string) =>
  new OutboxMailer({ folder: outbox, from: 'Premium Share <no-reply@premium-share.local>' });

describe('outbox mailer', () => {
  let folder: string;

  beforeEach(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'shop-outbox-'));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('writes each message as a complete .eml file that a mail client can open', async () => {
    const outbox = path.join(folder, 'outbox');
    const mailer = outboxMailer(outbox);
    await mailer.send({
      to: 'alice@example.com',
      subject: 'Réinitialisation de votre mot de passe',
      text: 'Bonjour Alice,\n\nOuvrez ce lien : https://shop.example/auth/reset-password?token=abc_DEF-123\n',
      html: '<p>Bonjour <b>Alice</b></p>',
    });
    await mailer.send({ to: 'bob@example.com', subject: 'Second', text: 'Hello Bob' });

    const files = (await readdir(outbox)).sort();
    expect(files).toHaveLength(2);
    expect(files.every((name) => name.endsWith('.eml'))).toBe(true);
    const emls = await Promise.all(files.map((name) => readFile(path.join(outbox, name), 'utf8')));
    const first = emls.find((eml) => eml.includes('alice@example.com'))!;
    expect(first).toMatch(/^From: Premium Share <no-reply@premium-share\.local>$/m);
    expect(first).toMatch(/^To: alice@example\.com$/m);
    expect(first).toMatch(/^Subject: /m);
    expect(first).toMatch(/^MIME-Version: 1\.0$/m);
    expect(first).toMatch(/^Message-ID: </m);
    expect(first).toMatch(/^Date: /m);
    expect(mimePart(first, 'text/plain')).toContain(
      'Bonjour Alice,\n\nOuvrez ce lien : https://shop.example/auth/reset-password?token=abc_DEF-123',
    );
    expect(mimePart(first, 'text/html')).toContain('<p>Bonjour <b>Alice</b></p>');
    // It may hold a live reset link: readable by the shop's user only.
    expect((await stat(path.join(outbox, files[0]!))).mode & 0o077).toBe(0);
  });

  it('keeps one file for a message sent again under the same id, with a Message-ID made from it', async () => {
    const outbox = path.join(folder, 'outbox');
    const mailer = outboxMailer(outbox);
    const news = { id: 'a1b2:payment_confirmed', to: 'alice@example.com', subject: 'Paiement confirmé', text: 'Actif' };
    // A worker killed after the first write and before recording it sends the same news again.
    await mailer.send(news);
    await mailer.send(news);
    const files = await readdir(outbox);
    expect(files).toHaveLength(1);
    const eml = await readFile(path.join(outbox, files[0]!), 'utf8');
    expect(eml).toMatch(/^Message-ID: <a1b2\.payment_confirmed@premium-share\.local>$/m);
  });

  it('clears the half-written files a process killed while writing left behind, and not one being written now', async () => {
    const outbox = path.join(folder, 'outbox');
    await mkdir(outbox);
    const killedWhileWriting = path.join(outbox, 'a1b2.payment_confirmed.eml.0b8e.tmp');
    const beingWritten = path.join(outbox, 'c3d4.order_received.eml.7f2a.tmp');
    await writeFile(killedWhileWriting, 'From: half a message');
    await writeFile(beingWritten, 'From: half a message');
    const anHourAgo = new Date(Date.now() - 3600_000);
    await utimes(killedWhileWriting, anHourAgo, anHourAgo);

    const mailer = outboxMailer(outbox);
    await mailer.send({
      id: 'a1b2:payment_confirmed',
      to: 'alice@example.com',
      subject: 'Paiement confirmé',
      text: 'Actif',
    });

    expect((await readdir(outbox)).sort()).toEqual(['a1b2.payment_confirmed.eml', 'c3d4.order_received.eml.7f2a.tmp']);
  });

  it('is the default without SMTP_URL, and SMTP is used when it is set', () => {
    const logger = createLogger({ level: 'silent' });
    const base = { mailFrom: 'shop@example.com', dataDir: folder };
    expect(createMailer({ ...base, smtpUrl: undefined }, logger)).toBeInstanceOf(OutboxMailer);
    expect(createMailer({ ...base, smtpUrl: 'smtp://127.0.0.1:2525' }, logger)).toBeInstanceOf(SmtpMailer);
  });
});
