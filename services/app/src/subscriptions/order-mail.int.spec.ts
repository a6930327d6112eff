import { randomUUID } from 'node:crypto';
import { getSubscription } from '@shop/projections';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderMailJobHandlers } from './order-mail-jobs.js';
import type { MailMessage } from '../mail/mailer.js';
import { mailerFailingOnce } from '../testing/failing-mailer.js';
import { randomIp, requestJson, signUpAdmin, signUpAndSignIn, type JsonRequest } from '../testing/http-customer.js';
import { paidSubscription } from '../testing/paid-subscription.js';
import { readMail, startSmtpCapture, type ReceivedMail, type SmtpCapture } from '../testing/smtp-capture.js';
import { eventually, startTestShop, type TestShop } from '../testing/test-shop.js';

interface Notification {
  id: string;
  type: string;
  title: string;
  message: string;
}

interface Customer {
  userId: string;
  email: string;
  token: string;
}

const MAIL_TIMEOUT_MS = 20_000;

let database: TestDatabase;
let shop: TestShop;
let smtp: SmtpCapture<ReceivedMail>;

beforeAll(async () => {
  smtp = await startSmtpCapture(readMail);
  database = await createTestDatabase('order_mail');
  shop = await startTestShop({
    databaseUrl: database.url,
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.example' },
  });
});

afterAll(async () => {
  await shop?.stop();
  await database?.drop();
  await smtp?.close();
});

const call = (method: string, path: string, options: JsonRequest & { language?: string } = {}) =>
  requestJson(shop.url, method, path, {
    ...options,
    headers: options.language ? { 'accept-language': options.language } : {},
  });

async function newCustomer(label: string, fullName: string): Promise<Customer> {
  const { userId, email, token } = await signUpAndSignIn(shop.url, { label, password: `pw-${randomUUID()}`, fullName });
  // The mail job reads the accounts read model, which follows the log.
  await eventually(
    () => call('GET', '/api/me', { token }),
    (res) => res.status === 200,
  );
  return { userId, email, token };
}

const placeOrder = async (customer: Customer, language: 'fr' | 'en') => {
  const res = await call('POST', '/api/orders', {
    token: customer.token,
    language,
    body: { planId: 'netflix', months: 3, provider: 'sandbox', billingCountry: 'FR' },
  });
  expect(res.status).toBe(201);
  return res.body as { subscriptionId: string; redirectUrl: string; totalCents: number };
};

const mailsTo = (email: string) => smtp.messages.filter((mail) => mail.to.includes(email));

const waitForMail = async (email: string, subject: string | RegExp) => {
  const matches = (mail: ReceivedMail) =>
    typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject);
  const found = await eventually(
    async () => mailsTo(email).find(matches),
    (mail) => mail !== undefined,
    MAIL_TIMEOUT_MS,
  );
  if (!found) {
    throw new Error(`no e-mail "${String(subject)}" to ${email}; got ${JSON.stringify(mailsTo(email))}`);
  }
  return found;
};

const notifications = async (customer: Customer, language: 'fr' | 'en') => {
  const res = await call('GET', `/api/me/notifications?lang=${language}`, { token: customer.token });
  if (res.status !== 200) throw new Error(`GET /api/me/notifications answered ${res.status}`);
  return res.body.data as Notification[];
};

const waitForNotification = (customer: Customer, language: 'fr' | 'en', title: string, count = 1) =>
  eventually(
    () => notifications(customer, language),
    (list) => list.filter((n) => n.title === title).length >= count,
    MAIL_TIMEOUT_MS,
  );

let alice: Customer;
let bruno: Customer;

describe('order e-mails and notifications', () => {
  it('mails an English customer "order received" then "payment confirmed", in English, with plan and total', async () => {
    alice = await newCustomer('alice', 'Alice Martin');
    const order = await placeOrder(alice, 'en');
    expect(order.totalCents).toBe(1359);

    const received = await waitForMail(alice.email, 'Order received: Netflix, 3 months');
    expect(received.to).toEqual([alice.email]);
    expect(received.text).toContain('Hello Alice Martin,');
    expect(received.text).toContain('€13.59');
    expect(received.text).toContain('https://shop.example/en/profile');
    expect(received.text).not.toContain('Bonjour');

    const sessionId = order.redirectUrl.split('/').at(-1)!;
    const pay = await fetch(`${shop.url}/sandbox/sessions/${sessionId}/pay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Authorization: `Bearer ${alice.token}` },
    });
    expect(pay.status).toBe(303);
    expect(new URL(pay.headers.get('location')!, shop.url).pathname).toBe('/en/payment-success');

    const confirmed = await waitForMail(alice.email, 'Payment confirmed: Netflix, 3 months');
    const subscription = await getSubscription(shop.runtime.knex, order.subscriptionId);
    expect(subscription?.status).toBe('active');
    const expiry = new Intl.DateTimeFormat('en-IE', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(subscription!.expiresAt!),
    );
    expect(confirmed.text).toContain('Your payment of €13.59 is confirmed');
    expect(confirmed.text).toContain(expiry);
    expect(confirmed.text).not.toContain('Paiement');

    const mine = mailsTo(alice.email);
    expect(mine.map((mail) => mail.subject)).toEqual([
      'Order received: Netflix, 3 months',
      'Payment confirmed: Netflix, 3 months',
    ]);
  });

  it('puts the same news in the notifications, in both languages, of type subscription', async () => {
    const english = await waitForNotification(alice, 'en', 'Payment confirmed');
    const subscriptionNews = english.filter((n) => n.type === 'subscription');
    expect(subscriptionNews.map((n) => n.title)).toEqual(['Payment confirmed', 'Order received']);
    expect(subscriptionNews[1]!.message).toContain('€13.59');
    const french = await notifications(alice, 'fr');
    expect(french.filter((n) => n.type === 'subscription').map((n) => n.title)).toEqual([
      'Paiement confirmé',
      'Commande reçue',
    ]);
  });

  it('sends no e-mail when e-mail notifications are off, but still notifies', async () => {
    const carol = await newCustomer('carol', 'Carol Smith');
    const settings = await call('PATCH', '/api/me/notification-settings', {
      token: carol.token,
      body: { emailNotifications: false },
    });
    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({ emailNotifications: false, subscriptionAlerts: true });

    await placeOrder(carol, 'en');
    await waitForNotification(carol, 'en', 'Order received');
    // The job decides about the e-mail right after the notification; give it time to (not) send.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(mailsTo(carol.email)).toEqual([]);
  });

  it('mails a French customer in French', async () => {
    bruno = await newCustomer('bruno', 'Bruno Petit');
    await placeOrder(bruno, 'fr');
    const received = await waitForMail(bruno.email, 'Commande reçue : Netflix, 3 mois');
    expect(received.text).toContain('Bonjour Bruno Petit,');
    expect(received.text).toContain("d'un total de 13,59 €");
    expect(received.text).not.toContain('Hello');
    expect(received.text).toContain('PremiumShare — abonnements premium partagés');
    // The same words as HTML, in the shared layout.
    expect(received.html).toContain('<html lang="fr">');
    expect(received.html).toContain('Bonjour Bruno Petit,');
    expect(received.html).toContain('>Commande reçue</h1>');
    expect(received.html).toContain('d&#x27;un total de 13,59 €');
    expect(received.html).toContain('href="https://shop.example/profile"');
  });

  it('reminds seven days before the expiry, in the language of the last order', async () => {
    // Alice ordered in English above; orders the shop refused, in French, change nothing of it.
    for (const body of [
      { planId: 'no-such-plan', months: 3, provider: 'sandbox', billingCountry: 'FR' },
      { planId: 'netflix', months: 3, provider: 'sandbox', billingCountry: 'FR', promoCode: 'NO-SUCH-CODE' },
    ]) {
      const refused = await call('POST', '/api/orders', { token: alice.token, language: 'fr', body });
      expect(refused.status).toBeGreaterThanOrEqual(400);
    }
    const renewal = await call('POST', `/api/me/subscriptions/no-such-subscription/renew`, {
      token: alice.token,
      language: 'fr',
      body: { months: 1, provider: 'sandbox' },
    });
    expect(renewal.status).toBeGreaterThanOrEqual(400);
    // The 7-day reminder is due two seconds from now.
    const expiresAt = new Date(Date.now() + 7 * 24 * 3600_000 + 2000);
    expiresAt.setUTCMilliseconds(0);
    const { subscriptionId } = await paidSubscription(shop.runtime.store, alice.userId, expiresAt);
    const reminder = await waitForMail(alice.email, 'Your Netflix subscription expires in 7 days');
    const expiry = new Intl.DateTimeFormat('en-IE', { dateStyle: 'long', timeZone: 'UTC' }).format(expiresAt);
    expect(reminder.text).toContain(expiry);
    expect(reminder.text).toContain(`https://shop.example/en/profile?renew=${subscriptionId}`);
  });

  it('gives notice of the automatic charge seven days before the expiry instead, with the amount and the card', async () => {
    // Bruno's subscription renews itself with a kept card; the notice is due two seconds from now.
    const expiresAt = new Date(Date.now() + 7 * 24 * 3600_000 + 2000);
    expiresAt.setUTCMilliseconds(0);
    await paidSubscription(shop.runtime.store, bruno.userId, expiresAt, {
      savedMethod: { id: 'pm_card', customerId: 'cus_bruno', label: 'Visa •••• 4242' },
    });
    const chargeDay = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(expiresAt.getTime() - 72 * 3600_000),
    );
    const notice = await waitForMail(bruno.email, `Votre abonnement Netflix se renouvelle le ${chargeDay}`);
    // Netflix at 4,53 € a month, for the order's months, on the card kept.
    expect(notice.text).toMatch(/se renouvelle automatiquement : \d+,\d\d\s€ seront prélevés sur Visa •••• 4242 le /);
    expect(notice.text).toContain('Gérer mon abonnement : https://shop.example/profile');
    await waitForNotification(bruno, 'fr', 'Renouvellement automatique à venir');
    // Not told to renew by hand what renews itself.
    expect(mailsTo(bruno.email).filter((mail) => mail.subject.includes('expire dans 7 jours'))).toEqual([]);
  });

  it('gives notice of the charge when renewal is turned on inside the last week, past the seven-day notice', async () => {
    const carla = await newCustomer('carla', 'Carla Roux');
    // Five days left: the seven-day notice of this expiry was due two days ago.
    const expiresAt = new Date(Date.now() + 5 * 24 * 3600_000);
    expiresAt.setUTCMilliseconds(0);
    const { subscriptionId } = await paidSubscription(shop.runtime.store, carla.userId, expiresAt, {
      savedMethod: { id: 'pm_card', customerId: 'cus_carla', label: 'Visa •••• 1881' },
    });
    const chargeDay = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(expiresAt.getTime() - 72 * 3600_000),
    );
    const subject = `Votre abonnement Netflix se renouvelle le ${chargeDay}`;
    const notices = () => mailsTo(carla.email).filter((mail) => mail.subject === subject);
    await eventually(
      () => getSubscription(shop.runtime.knex, subscriptionId),
      (row) => row?.autoRenew === true,
    );
    // Turned off (a cancellation), then on again three days before the charge: told of it, once.
    const set = (enabled: boolean) =>
      call('PUT', `/api/me/subscriptions/${subscriptionId}/auto-renew`, { token: carla.token, body: { enabled } });
    expect((await set(false)).status).toBe(200);
    await waitForMail(carla.email, 'Résiliation confirmée : Netflix');
    expect(notices()).toEqual([]);
    expect((await set(true)).status).toBe(200);
    const notice = await waitForMail(carla.email, subject);
    expect(notice.text).toContain('Visa •••• 1881');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(notices()).toHaveLength(1);
  });

  it('reminds one day before the expiry, with a one-click renewal link', async () => {
    // Bruno ordered in French above; the 1-day reminder is due two seconds from now (the 7-day one is past).
    const expiresAt = new Date(Date.now() + 24 * 3600_000 + 2000);
    expiresAt.setUTCMilliseconds(0);
    const { subscriptionId } = await paidSubscription(shop.runtime.store, bruno.userId, expiresAt);
    const reminder = await waitForMail(bruno.email, 'Votre abonnement Netflix expire dans 1 jour');
    expect(reminder.text).toContain(`Renouveler en un clic : https://shop.example/profile?renew=${subscriptionId}`);
    await waitForNotification(bruno, 'fr', 'Pensez à renouveler votre abonnement');
  });

  it('mails "expired" when the subscription expires, and no late "expiring soon" for it', async () => {
    const expiresAt = new Date(Date.now() + 2000);
    expiresAt.setUTCMilliseconds(0);
    const { subscriptionId } = await paidSubscription(shop.runtime.store, bruno.userId, expiresAt);
    const expired = await waitForMail(bruno.email, 'Votre abonnement Netflix a expiré');
    expect((await getSubscription(shop.runtime.knex, subscriptionId))?.status).toBe('expired');
    expect(expired.text).toContain('Bonjour Bruno Petit,');
    expect(expired.text).toMatch(/a expiré le \d+ \S+ \d{4}/);
    await waitForNotification(bruno, 'fr', 'Abonnement expiré');
    expect(mailsTo(bruno.email).filter((mail) => mail.subject.includes('expire bientôt'))).toEqual([]);
  });

  it('mails "expired" as of the moment an operator ends a subscription before its term', async () => {
    const dora = await newCustomer('dora', 'Dora Lane');
    const owner = await signUpAdmin(shop, { label: 'order-mail-owner', ip: randomIp('10.72') });
    const expiresAt = new Date(Date.now() + 20 * 86_400_000);
    const { subscriptionId } = await paidSubscription(shop.runtime.store, dora.userId, expiresAt);
    await eventually(
      () => getSubscription(shop.runtime.knex, subscriptionId),
      (row) => row?.status === 'active',
    );

    const ended = await call('PUT', `/api/admin/subscriptions/${subscriptionId}`, {
      token: owner.token,
      body: { status: 'expired', reason: 'Compte partagé hors du foyer' },
    });
    expect(ended.status).toBe(200);

    const mail = await waitForMail(dora.email, 'Votre abonnement Netflix a expiré');
    const day = (at: Date) => new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' }).format(at);
    expect(mail.text).toContain(`a expiré le ${day(new Date())}`);
    expect(mail.text).not.toContain(day(expiresAt));
    await waitForNotification(dora, 'fr', 'Abonnement expiré');
  });

  describe('a job that runs after the subscription changed again', () => {
    /** The handlers as the worker runs them, sending into `sent`; a job is the one the reactor made, run late. */
    const lateHandlers = (sent: MailMessage[]) =>
      orderMailJobHandlers({
        knex: shop.runtime.knex,
        mailer: { send: async (message) => void sent.push(message) },
        publicUrl: 'https://shop.example',
        renewalLeadHours: 72,
        clock: () => new Date(),
        logger: shop.runtime.logger,
        seller: shop.runtime.config.seller,
      });
    /** A paid subscription, once its row is read and its order's invoice issued: answers both. */
    async function paidAndInvoiced(customer: Customer) {
      const expiresAt = new Date(Date.now() + 20 * 86_400_000);
      expiresAt.setUTCHours(12, 0, 0, 0);
      const { subscriptionId } = await paidSubscription(shop.runtime.store, customer.userId, expiresAt);
      const row = await eventually(
        () => getSubscription(shop.runtime.knex, subscriptionId),
        (found) => found?.paidAt !== null && found?.paidAt !== undefined,
      );
      const invoice = await eventually(
        () =>
          shop.runtime.knex('accounting_documents').where({ subscription_id: subscriptionId, kind: 'invoice' }).first(),
        (found) => found !== undefined,
      );
      return { row: row!, invoice: invoice as { number: string; payment_reference: string } };
    }
    // Recorded before the row's last change: the row was written by a later event meanwhile.
    const before = (iso: string) => new Date(Date.parse(iso) - 1000).toISOString();

    it("confirms a renewal whose months went back since, with the invoice of that renewal's own payment", async () => {
      const { row, invoice } = await paidAndInvoiced(await newCustomer('late-renewal', 'Léa Tardive'));
      const sent: MailMessage[] = [];
      // The renewal's expiry is later than the one the row shows now (its refund moved it back),
      // and no invoice period ends there: the payment names the invoice.
      await lateHandlers(sent)['send-order-mail']({
        kind: 'renewal_confirmed',
        subscriptionId: row.id,
        mailId: `test-${randomUUID()}`,
        at: before(row.updatedAt),
        expiresAt: new Date(Date.parse(row.expiresAt!) + 30 * 86_400_000).toISOString(),
        amountCents: 453,
        months: 1,
        paymentReference: invoice.payment_reference,
      });
      expect(sent).toHaveLength(1);
      expect(sent[0]!.attachments?.map((attachment) => attachment.filename)).toEqual([`${invoice.number}.pdf`]);
    });

    it('says nothing of a cancellation taken back, nor of an expiry followed by a renewal, and does not wait for them', async () => {
      const { row } = await paidAndInvoiced(await newCustomer('late-news', 'Noé Tardif'));
      const sent: MailMessage[] = [];
      const handlers = lateHandlers(sent);
      for (const kind of ['cancellation_confirmed', 'expired'] as const) {
        await handlers['send-order-mail']({
          kind,
          subscriptionId: row.id,
          mailId: `test-${randomUUID()}`,
          at: before(row.updatedAt),
          ...(kind === 'cancellation_confirmed' ? { expiresAt: row.expiresAt! } : {}),
        });
      }
      expect(sent).toEqual([]);
    });
  });

  it('never mails the same news twice: a failed send is retried, a repeated job sends nothing', async () => {
    const { subscriptionId } = await placeOrder(alice, 'en');
    await eventually(
      () => getSubscription(shop.runtime.knex, subscriptionId),
      (s) => s !== null,
    );
    const sent: MailMessage[] = [];
    const handlers = orderMailJobHandlers({
      knex: shop.runtime.knex,
      mailer: mailerFailingOnce(sent),
      publicUrl: 'https://shop.example',
      renewalLeadHours: 72,
      clock: () => new Date(),
      logger: shop.runtime.logger,
    });
    const job = {
      kind: 'order_received' as const,
      subscriptionId,
      mailId: `test-${randomUUID()}`,
      at: new Date().toISOString(),
    };
    await expect(handlers['send-order-mail'](job)).rejects.toThrow('mail server away');
    expect(await shop.runtime.knex('sent_emails').where({ id: job.mailId })).toHaveLength(0);
    await handlers['send-order-mail'](job);
    await handlers['send-order-mail'](job);
    expect(sent.map((message) => message.subject)).toEqual(['Order received: Netflix, 3 months']);
    expect(await shop.runtime.knex('notifications').where({ id: job.mailId })).toHaveLength(1);
  });
});
