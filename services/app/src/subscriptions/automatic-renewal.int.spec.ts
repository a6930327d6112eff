import { subscriptionStreamId } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { customerSessions, signUpAndSignIn } from '../testing/http-customer.js';
import { HOUR, monthsAfter, useShopOnClock } from '../testing/shop-clock.js';
import { useStandIn } from '../testing/shop-under-test.js';
import { readMail, startSmtpCapture } from '../testing/smtp-capture.js';
import { eventually } from '../testing/test-shop.js';

/**
 * A subscription through a year on the shop's own clock: ordered to renew itself, charged three
 * days before each expiry, one charge declined and recovered by the retry a day later, cancelled,
 * and expired; the customer receives exactly the e-mails each step implies.
 *
 * The year is played in the past (January to December 2025), so that every instant of it is
 * before the database's own clock: the shop compares the two only to drop news older than two
 * days, which a year played ahead of the database would all be.
 */
const MAIL_TIMEOUT_MS = 20_000;
const GOOD_CARD = '4242424242424242';
const DECLINING_CARD = '4000000000000341';

const smtp = useStandIn('smtp', () => startSmtpCapture(readMail));
/** The shop, on a clock the test moves. */
const { shop, moveClockTo } = useShopOnClock('automatic_renewal', {
  startAt: '2025-01-05T10:00:00.000Z',
  env: () => ({
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://shop.example',
    RENEWAL_LEAD_HOURS: '72',
    RENEWAL_RETRY_HOURS: '24,72',
  }),
});

interface MyRow {
  id: string;
  status: string;
  expiresAt: string;
  autoRenew: boolean;
  paymentMethod: string | null;
  nextChargeAt: string | null;
  nextChargeCents: number | null;
  renewalFailedAt: string | null;
  renewalRetryAt: string | null;
  cancelledAt: string | null;
}

/**
 * As the customer, signed in again when their session has run out meanwhile (a session lasts 30
 * days on the shop's clock: a year is many visits).
 */
const { as: call, subscriptionRow } = customerSessions(shop, { ipPrefix: '10.77', timeoutMs: MAIL_TIMEOUT_MS });

const subjectsTo = (email: string) => smtp.messages.filter((mail) => mail.to.includes(email)).map((m) => m.subject);

async function mailsReach(email: string, count: number): Promise<string[]> {
  const subjects = await eventually(
    async () => subjectsTo(email),
    (list) => list.length >= count,
    MAIL_TIMEOUT_MS,
  );
  expect(subjects).toHaveLength(count);
  return subjects;
}

/** The test card the sandbox kept for the subscription's automatic renewals, as the customer's bank answers for it. */
const setKeptCard = (sessionId: string, card: string) =>
  shop.runtime.knex('sandbox_sessions').where({ id: sessionId }).update({ card });

describe('a subscription that renews itself, through a year', () => {
  it(
    'renews every month three days before its expiry, recovers a declined charge, stops once cancelled, and mails each step',
    { timeout: 180_000 },
    async () => {
      const customer = await signUpAndSignIn(shop.url, { label: 'year', fullName: 'Camille Martin' });
      await eventually(
        () => call(customer, 'GET', '/api/me'),
        (res) => res.status === 200,
      );

      // January: a month of Netflix, to renew automatically, paid with the sandbox's good test card.
      const order = await call(customer, 'POST', '/api/orders', {
        planId: 'netflix',
        months: 1,
        provider: 'sandbox',
        autoRenew: true,
        billingCountry: 'FR',
      });
      expect(order.status).toBe(201);
      const subscriptionId = String(order.body.subscriptionId);
      const checkoutId = String(order.body.redirectUrl).split('/').at(-1)!;
      expect(await mailsReach(customer.email, 1)).toEqual(['Commande reçue : Netflix, 1 mois']);
      const page = await fetch(`${shop.url}/sandbox/checkout/${checkoutId}`, {
        headers: { Authorization: `Bearer ${customer.token}` },
      });
      const html = await page.text();
      expect(html).toContain('4242 4242 4242 4242');
      expect(html).toContain('4000 0000 0000 0341');
      const pay = await fetch(`${shop.url}/sandbox/sessions/${checkoutId}/pay`, {
        method: 'POST',
        redirect: 'manual',
        headers: { Authorization: `Bearer ${customer.token}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: `card=${GOOD_CARD}`,
      });
      expect(pay.status).toBe(303);

      let row = await subscriptionRow<MyRow>(customer, subscriptionId, (r) => r.autoRenew);
      // A month from the payment, a moment after the order; charged three days before.
      const firstExpiry = row.expiresAt;
      expect(Date.parse(firstExpiry) - Date.parse('2025-02-05T10:00:00.000Z')).toBeLessThan(60_000);
      expect(row).toMatchObject({
        status: 'active',
        paymentMethod: 'Visa •••• 4242',
        nextChargeAt: new Date(Date.parse(row.expiresAt) - 72 * HOUR).toISOString(),
        nextChargeCents: 453,
        renewalFailedAt: null,
      });
      expect(await mailsReach(customer.email, 2)).toEqual([
        'Commande reçue : Netflix, 1 mois',
        'Paiement confirmé : Netflix, 1 mois',
      ]);

      // Ten renewals, February to November, each charged three days before the expiry it extends.
      let mails = 2;
      for (let renewal = 1; renewal <= 10; renewal++) {
        const expiresAt = row.expiresAt;
        const next = monthsAfter(expiresAt, 1);
        // A day before the charge is due, nothing is charged.
        await moveClockTo(new Date(Date.parse(row.nextChargeAt!) - 24 * HOUR));
        expect(await shop.runtime.automaticRenewals.orderDue()).toBe(0);
        const declineThisTime = renewal === 4;
        if (declineThisTime) await setKeptCard(checkoutId, DECLINING_CARD);
        await moveClockTo(row.nextChargeAt!);
        expect(await shop.runtime.automaticRenewals.orderDue()).toBe(1);
        if (declineThisTime) {
          // The bank declines: the customer is told, with the retry's date and a link to pay by hand.
          row = await subscriptionRow<MyRow>(customer, subscriptionId, (r) => r.renewalFailedAt !== null);
          expect(row).toMatchObject({
            expiresAt,
            renewalRetryAt: new Date(Date.parse(row.renewalFailedAt!) + 24 * HOUR).toISOString(),
          });
          // Declined when it was due, a moment after.
          expect(Date.parse(row.renewalFailedAt!) - Date.parse(row.nextChargeAt!)).toBeLessThan(60_000);
          const [failure] = (await mailsReach(customer.email, ++mails)).slice(-1);
          expect(failure).toBe('Paiement refusé pour le renouvellement de Netflix');
          const failureMail = smtp.messages.at(-1)!;
          expect(failureMail.text).toContain(`https://shop.example/profile?renew=${subscriptionId}`);
          expect(failureMail.text).toContain('Nous réessaierons le');
          // The customer's card works again by the retry, a day later.
          await setKeptCard(checkoutId, GOOD_CARD);
          await moveClockTo(row.renewalRetryAt!);
        }
        row = await subscriptionRow<MyRow>(customer, subscriptionId, (r) => r.expiresAt === next);
        expect(row).toMatchObject({ status: 'active', autoRenew: true, renewalFailedAt: null, renewalRetryAt: null });
        const [receipt] = (await mailsReach(customer.email, ++mails)).slice(-1);
        expect(receipt).toBe('Renouvellement confirmé : Netflix, 1 mois');
        expect(row.nextChargeAt).toBe(new Date(Date.parse(next) - 72 * HOUR).toISOString());
      }
      expect(row.expiresAt).toBe(monthsAfter(firstExpiry, 10));

      // November 20th: the customer cancels; access lasts until 5 December and nothing is charged.
      await moveClockTo('2025-11-20T08:00:00.000Z');
      const cancelled = await call(customer, 'POST', `/api/me/subscriptions/${subscriptionId}/cancel`, {
        reason: 'Trop cher',
      });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ accessEndsAt: row.expiresAt });
      row = await subscriptionRow<MyRow>(customer, subscriptionId, (r) => r.cancelledAt !== null);
      expect(row).toMatchObject({ status: 'active', autoRenew: false, nextChargeAt: null });
      expect((await mailsReach(customer.email, ++mails)).at(-1)).toBe('Résiliation confirmée : Netflix');

      await moveClockTo(new Date(Date.parse(row.expiresAt) - 72 * HOUR));
      expect(await shop.runtime.automaticRenewals.orderDue()).toBe(0);
      await moveClockTo(new Date(Date.parse(row.expiresAt) + 60_000));
      row = await subscriptionRow<MyRow>(customer, subscriptionId, (r) => r.status === 'expired');
      expect((await mailsReach(customer.email, ++mails)).at(-1)).toBe('Votre abonnement Netflix a expiré');

      // Exactly these e-mails, in this order, and nothing more.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(subjectsTo(customer.email)).toEqual([
        'Commande reçue : Netflix, 1 mois',
        'Paiement confirmé : Netflix, 1 mois',
        ...Array.from({ length: 3 }, () => 'Renouvellement confirmé : Netflix, 1 mois'),
        'Paiement refusé pour le renouvellement de Netflix',
        ...Array.from({ length: 7 }, () => 'Renouvellement confirmé : Netflix, 1 mois'),
        'Résiliation confirmée : Netflix',
        'Votre abonnement Netflix a expiré',
      ]);

      // The log tells the year: one subscription, renewed ten times, one charge declined once.
      const events = await shop.runtime.store.readStream(subscriptionStreamId(subscriptionId));
      const count = (type: string) => events.filter((event) => event.type === type).length;
      expect(count('AutoRenewalEnabled')).toBe(1);
      expect(count('RenewalOrdered')).toBe(10);
      expect(count('SubscriptionRenewed')).toBe(10);
      expect(count('RenewalChargeFailed')).toBe(1);
      expect(count('SubscriptionCancellationRecorded')).toBe(1);
      expect(count('SubscriptionExpired')).toBe(1);
    },
  );
});
