import { subscriptionStreamId } from '@shop/domain';
import type { RecordedEvent } from '@shop/event-store';
import { beforeEach, expect, it } from 'vitest';
import { customerSessions, randomIp, signUpAndSignIn, type HttpCustomer } from './http-customer.js';
import { HOUR, monthsAfter, useShopOnClock } from './shop-clock.js';
import type { ShopUnderTest } from './shop-under-test.js';
import { eventually } from './test-shop.js';

/** A charge the provider made on a kept method for a renewal, as its stand-in holds it. */
export interface RenewalCharge {
  id: string;
  status: 'paid' | 'declined' | 'pending';
  amountCents: number;
  methodId: string;
  subscriptionId: string;
}

/** A provider that keeps payment methods, against its stand-in, as its spec sets it up. */
export interface RenewingProvider {
  name: 'stripe' | 'mollie';
  /** The shop's settings that point it at the stand-in. */
  env: () => Record<string, string>;
  /** Addresses of this spec's customers (`10.21`), apart from the other specs' for the rate limits. */
  ipPrefix: string;
  /** The provider's ordinary test card, and the one that attaches but refuses every later charge with `declineReason`. */
  cards: { paying: string; declining: string };
  declineReason: string;
  /**
   * Pays the checkout the shop sent the customer to (`redirectUrl`) with `card`, and has the
   * provider tell `shop`: answers the customer and the method the provider kept.
   */
  payCheckout(
    shop: ShopUnderTest,
    redirectUrl: string,
    card: string,
  ): Promise<{ customerId: string; methodId: string }>;
  /** The renewal charges the provider holds for the customer, oldest first. */
  renewalCharges(customerId: string): RenewalCharge[];
  /** The idempotency keys of the renewal charges the shop asked the provider for, for the customer, in order. */
  renewalChargeKeys(customerId: string): string[];
  /** Checks what the shop asked the provider for its first renewal charge of the customer (the provider's own words). */
  expectRenewalChargeAsked(charge: {
    customerId: string;
    methodId: string;
    subscriptionId: string;
    amountCents: number;
  }): void;
}

const ofType = (events: RecordedEvent[], type: string) => events.filter((event) => event.type === type);

/** The one event of `type` in `events` (there must be exactly one). */
function onlyOne(events: RecordedEvent[], type: string): RecordedEvent {
  const found = ofType(events, type);
  expect(found, `one ${type}`).toHaveLength(1);
  return found[0]!;
}

/**
 * What automatic renewal does with any provider that keeps a method, in a shop of its own on a
 * clock the tests move: the method kept from the first checkout, charged when due (three days
 * before the expiry), the subscription extended by its months; a declined charge recorded with
 * its retry a day later, then two days on. Each provider's spec runs these against its stand-in
 * and gets the shop for its own cases.
 */
export function automaticRenewalInTheShop(provider: RenewingProvider) {
  const {
    shop: renewing,
    clock,
    moveClockTo,
  } = useShopOnClock(`${provider.name}_renewal`, {
    plans: true,
    env: () => ({ ...provider.env(), RENEWAL_LEAD_HOURS: '72', RENEWAL_RETRY_HOURS: '24,72' }),
  });

  // Each customer pays now: providers date their payments on real time.
  beforeEach(() => clock.set());

  /** As the customer, signed in again when their session ran out on the shop's clock meanwhile. */
  const { as, subscriptionRow } = customerSessions(renewing, { ipPrefix: provider.ipPrefix });

  const history = (subscriptionId: string) => renewing.runtime.store.readStream(subscriptionStreamId(subscriptionId));

  /**
   * A customer orders Netflix for `months` to renew itself, pays the provider's checkout with
   * `card`, and the provider tells the shop: the order is active, with the method kept.
   */
  async function renewingOrder(card: string, months = 1) {
    const who: HttpCustomer = await signUpAndSignIn(renewing.url, {
      label: `${provider.name}-renews`,
      ip: randomIp(provider.ipPrefix),
    });
    const placed = await as(who, 'POST', '/api/orders', {
      planId: 'netflix',
      months,
      provider: provider.name,
      autoRenew: true,
      billingCountry: 'FR',
    });
    expect(placed.status).toBe(201);
    const subscriptionId = String(placed.body.subscriptionId);
    const kept = await provider.payCheckout(renewing, String(placed.body.redirectUrl), card);
    const row = await subscriptionRow(who, subscriptionId, (r) => r.status === 'active' && r.autoRenew === true);
    return { who, subscriptionId, ...kept, row, totalCents: Number(placed.body.totalCents) };
  }

  it('keeps the method of a checkout ordered to renew itself, then charges it when due and extends the subscription by its months', async () => {
    const { who, subscriptionId, customerId, methodId, row, totalCents } = await renewingOrder(
      provider.cards.paying,
      3,
    );
    expect(onlyOne(await history(subscriptionId), 'AutoRenewalEnabled').data).toMatchObject({
      subscriptionId,
      provider: provider.name,
      methodId,
      customerId,
      methodLabel: 'Visa •••• 4242',
    });
    const expiresAt = String(row.expiresAt);
    // Three months from the payment, charged three days before.
    expect(Math.abs(Date.parse(expiresAt) - Date.parse(monthsAfter(new Date().toISOString(), 3)))).toBeLessThan(60_000);
    expect(row).toMatchObject({
      status: 'active',
      autoRenew: true,
      paymentMethod: 'Visa •••• 4242',
      nextChargeAt: new Date(Date.parse(expiresAt) - 72 * HOUR).toISOString(),
      nextChargeCents: totalCents,
      renewalFailedAt: null,
      renewalRetryAt: null,
    });
    const nextChargeAt = String(row.nextChargeAt);

    // A day before the charge is due, nothing is charged.
    await moveClockTo(new Date(Date.parse(nextChargeAt) - 24 * HOUR));
    expect(await renewing.runtime.automaticRenewals.orderDue()).toBe(0);
    expect(provider.renewalChargeKeys(customerId)).toEqual([]);

    await moveClockTo(nextChargeAt);
    expect(await renewing.runtime.automaticRenewals.orderDue()).toBe(1);
    const renewed = await subscriptionRow(who, subscriptionId, (r) => r.expiresAt === monthsAfter(expiresAt, 3));
    expect(renewed).toMatchObject({
      status: 'active',
      autoRenew: true,
      paymentMethod: 'Visa •••• 4242',
      nextChargeAt: new Date(Date.parse(monthsAfter(expiresAt, 3)) - 72 * HOUR).toISOString(),
      renewalFailedAt: null,
      renewalRetryAt: null,
    });

    // Charged once, on the kept method, through the provider's SDK.
    expect(provider.renewalChargeKeys(customerId)).toEqual([expect.stringMatching(/^renewal-.+-1$/)]);
    provider.expectRenewalChargeAsked({ customerId, methodId, subscriptionId, amountCents: totalCents });
    const charges = provider.renewalCharges(customerId);
    expect(charges).toEqual([
      { id: expect.any(String), status: 'paid', amountCents: totalCents, methodId, subscriptionId },
    ]);

    const events = await history(subscriptionId);
    expect(ofType(events, 'RenewalOrdered')).toHaveLength(1);
    expect(onlyOne(events, 'SubscriptionRenewed').data).toMatchObject({
      subscriptionId,
      months: 3,
      from: expiresAt,
      to: monthsAfter(expiresAt, 3),
      amountCents: totalCents,
      currency: 'EUR',
      provider: provider.name,
      paymentReference: charges[0]!.id,
    });
    expect(ofType(events, 'RenewalChargeFailed')).toHaveLength(0);
  });

  it('records a declined charge with its retry a day later, then the last two days on, and the profile shows each', async () => {
    const { who, subscriptionId, customerId, row } = await renewingOrder(provider.cards.declining);
    expect(row).toMatchObject({ autoRenew: true, paymentMethod: 'Visa •••• 0341' });
    const expiresAt = String(row.expiresAt);
    const nextChargeAt = String(row.nextChargeAt);
    expect(nextChargeAt).toBe(new Date(Date.parse(expiresAt) - 72 * HOUR).toISOString());

    await moveClockTo(nextChargeAt);
    expect(await renewing.runtime.automaticRenewals.orderDue()).toBe(1);
    const declined = await subscriptionRow(who, subscriptionId, (r) => r.renewalFailedAt !== null);
    expect(declined).toMatchObject({
      status: 'active',
      autoRenew: true,
      expiresAt,
      renewalRetryAt: new Date(Date.parse(String(declined.renewalFailedAt)) + 24 * HOUR).toISOString(),
    });
    // Declined when it was due, a moment after.
    expect(Date.parse(String(declined.renewalFailedAt)) - Date.parse(nextChargeAt)).toBeLessThan(60_000);

    const failure = onlyOne(await history(subscriptionId), 'RenewalChargeFailed');
    const [charge] = provider.renewalCharges(customerId);
    expect(charge).toMatchObject({ status: 'declined' });
    expect(failure.data).toMatchObject({
      subscriptionId,
      provider: provider.name,
      sessionId: charge!.id,
      attempt: 1,
      reason: provider.declineReason,
      failedAt: declined.renewalFailedAt,
      nextAttemptAt: new Date(Date.parse(String(declined.renewalFailedAt)) + 24 * HOUR).toISOString(),
    });

    // The retry a day later is a charge of its own (its own key), declined again: the last try is two days on.
    await moveClockTo(String(declined.renewalRetryAt));
    const [, second] = await eventually(
      async () => ofType(await history(subscriptionId), 'RenewalChargeFailed'),
      (failures) => failures.length >= 2,
    );
    expect(second!.data).toMatchObject({
      attempt: 2,
      reason: provider.declineReason,
      nextAttemptAt: new Date(Date.parse(String(declined.renewalFailedAt)) + 72 * HOUR).toISOString(),
    });
    expect(provider.renewalChargeKeys(customerId)).toEqual([
      expect.stringMatching(/^renewal-.+-1$/),
      expect.stringMatching(/^renewal-.+-2$/),
    ]);
    expect(ofType(await history(subscriptionId), 'SubscriptionRenewed')).toHaveLength(0);
  });

  return { renewing, moveClockTo, renewingOrder, subscriptionRow, history, ofType };
}
