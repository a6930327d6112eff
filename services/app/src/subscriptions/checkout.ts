import { randomUUID } from 'node:crypto';
import { DomainError, NotFoundError, subscriptionDecider, type Language, type SubscriptionEvent } from '@shop/domain';
import { isUuid, type OrderResponse } from '@shop/contracts';
import type { EventMetadata } from '@shop/event-store';
import { getAccount, getSubscription, paymentSessionInlineWrite, whenProjected } from '@shop/projections';
import { enabledProvider, type PaymentServiceDependencies } from '../payments/payment-dependencies.js';
import type { PaymentProvider, ProviderName } from '../payments/payment-provider.js';
import { shopAddress } from '../i18n/shop-address.js';

const DESCRIPTION_WORDS = {
  fr: { month: 'mois', months: 'mois', renewal: 'renouvellement', automatic: 'renouvellement automatique' },
  en: { month: 'month', months: 'months', renewal: 'renewal', automatic: 'automatic renewal' },
} as const;

/** What the provider's page and receipt call the payment, in the customer's language: "Netflix - 3 months (renewal)". */
export function checkoutDescription(
  item: { planName: string; months: number },
  kind: 'order' | 'renewal' | 'automatic',
  language: Language,
): string {
  const words = DESCRIPTION_WORDS[language];
  const duration = `${item.months} ${item.months === 1 ? words.month : words.months}`;
  return `${item.planName} - ${duration}${kind === 'order' ? '' : ` (${words[kind]})`}`;
}

/** What a checkout charges for: an order, or a renewal (with its id). */
interface CheckoutItem {
  subscriptionId: string;
  planName: string;
  months: number;
  totalCents: number;
  currency: string;
  /** Keep the payment method for automatic renewals. */
  saveMethod: boolean;
}

/** Who pays, with which provider, reading in which language. */
interface CheckoutCustomer {
  userId: string;
  provider: PaymentProvider;
  language: Language;
}

const notPending = () =>
  new DomainError({ code: 'subscription.not_pending', message: 'This order has nothing left to pay' });

/** Checkouts opened at a provider for pending orders, and who may see them. */
export class Checkouts {
  constructor(
    private readonly deps: Pick<
      PaymentServiceDependencies,
      'knex' | 'store' | 'commands' | 'providers' | 'publicUrl' | 'clock'
    >,
  ) {}

  /** A new payment session for a pending order of the customer's, read from the read model (finalising it later). */
  async checkoutExisting(
    input: { userId: string; subscriptionId: string; provider?: ProviderName; language: Language },
    correlationId: string,
  ): Promise<OrderResponse> {
    const subscription = await this.ownedSubscription(input.userId, input.subscriptionId);
    if (subscription.status !== 'pending') throw notPending();
    const provider = enabledProvider(this.deps.providers, input.provider ?? subscription.provider ?? 'sandbox');
    // The order's wish to renew automatically is on its stream (the read model does not keep it).
    const state = await this.deps.commands.subscriptions.current(subscription.id);
    const saveMethod = state.status !== 'none' && state.autoRenewRequested === true;
    return this.checkout(
      { ...subscription, subscriptionId: subscription.id, saveMethod },
      { userId: input.userId, provider, language: input.language },
      { actor: { type: 'customer', id: input.userId }, correlationId },
    );
  }

  /**
   * A new payment session for the order its stream holds: one placed a moment ago (`fresh`: the
   * stream is exactly these events, not read again) or by a first try of the same request.
   */
  async checkoutOrder(
    stream: readonly SubscriptionEvent[],
    customer: CheckoutCustomer,
    metadata: EventMetadata,
    options: { fresh: boolean },
  ): Promise<OrderResponse> {
    const placed = stream.find((event) => event.type === 'OrderPlaced');
    const state = stream.reduce(subscriptionDecider.evolve, subscriptionDecider.initialState());
    if (placed?.type !== 'OrderPlaced' || state.status !== 'pending') throw notPending();
    return this.checkout(
      { ...placed.data, saveMethod: placed.data.autoRenew === true },
      customer,
      metadata,
      options.fresh ? stream : undefined,
    );
  }

  private async checkout(
    order: CheckoutItem,
    customer: CheckoutCustomer,
    metadata: EventMetadata,
    stream?: readonly SubscriptionEvent[],
  ): Promise<OrderResponse> {
    const { subscriptionId, totalCents, currency } = order;
    const redirectUrl = await this.openCheckout(
      {
        subscriptionId,
        ...customer,
        description: checkoutDescription(order, 'order', customer.language),
        totalCents,
        currency,
        saveMethod: order.saveMethod,
      },
      metadata,
      stream,
    );
    return { orderId: subscriptionId, subscriptionId, status: 'pending', totalCents, currency, redirectUrl };
  }

  /** A payment session for a renewal ordered and not paid yet; answers where to send the browser. */
  checkoutRenewal(
    renewal: CheckoutItem & { renewalId: string },
    customer: CheckoutCustomer,
    metadata: EventMetadata,
  ): Promise<string> {
    return this.openCheckout(
      {
        ...customer,
        subscriptionId: renewal.subscriptionId,
        renewalId: renewal.renewalId,
        description: checkoutDescription(renewal, 'renewal', customer.language),
        totalCents: renewal.totalCents,
        currency: renewal.currency,
        saveMethod: renewal.saveMethod,
      },
      metadata,
    );
  }

  async ownedSubscription(userId: string, subscriptionId: string) {
    // An order placed a moment ago may not be in the read model yet: it is waited for (read-your-writes).
    const subscription = isUuid(subscriptionId)
      ? await whenProjected(
          () => getSubscription(this.deps.knex, subscriptionId),
          (found) => found !== null,
        )
      : null;
    if (!subscription || subscription.userId !== userId) {
      throw new NotFoundError({ code: 'subscription.not_found', message: 'No such order' });
    }
    return subscription;
  }

  private async openCheckout(
    order: {
      subscriptionId: string;
      /** The renewal the checkout pays, when it pays one rather than the order. */
      renewalId?: string;
      userId: string;
      provider: PaymentProvider;
      description: string;
      totalCents: number;
      currency: string;
      language: Language;
      saveMethod: boolean;
    },
    metadata: EventMetadata,
    /** The whole stream, when the caller has just written it (a new order): not read again. */
    stream?: readonly SubscriptionEvent[],
  ): Promise<string> {
    // An order may follow the sign-up by milliseconds, before the accounts read model has the
    // account: its e-mail (for the provider's receipt) is read once it is there.
    const account = await whenProjected(
      () => getAccount(this.deps.knex, order.userId),
      (found) => found !== null,
    );
    const session = await order.provider.createCheckout({
      subscriptionId: order.subscriptionId,
      description: order.description,
      amountCents: order.totalCents,
      currency: order.currency,
      customerEmail: account?.email ?? '',
      language: order.language,
      // Back from the provider's page to the shop's, in the order's language.
      successUrl: shopAddress(this.deps.publicUrl, order.language, '/payment-success?session_id={SESSION_ID}'),
      cancelUrl: shopAddress(this.deps.publicUrl, order.language, '/payment-cancelled?session_id={SESSION_ID}'),
      idempotencyKey: `checkout-${order.renewalId ?? order.subscriptionId}-${randomUUID()}`,
      // Only a provider that can charge again is asked (the order was refused otherwise).
      ...(order.saveMethod && order.provider.chargeSavedMethod ? { saveMethod: true } : {}),
    });
    // The payment-sessions read model gets its row in the append's own transaction (an inline
    // projection), so the provider's page finds the session the moment the browser arrives. A
    // store that cannot share its transaction (KurrentDB) leaves it to the projector.
    const now = this.deps.clock();
    const rows = this.deps.store.sharesTransactions
      ? [
          paymentSessionInlineWrite({
            subscriptionId: order.subscriptionId,
            userId: order.userId,
            provider: order.provider.name,
            sessionId: session.sessionId,
            // What the decider records as the event's openedAt, from the same instant as its command.
            openedAt: now.toISOString(),
          }),
        ]
      : [];
    await this.deps.commands.subscriptions.execute(
      {
        type: 'OpenPaymentSession',
        data: {
          subscriptionId: order.subscriptionId,
          provider: order.provider.name,
          sessionId: session.sessionId,
          ...(order.renewalId ? { renewalId: order.renewalId } : {}),
          now,
        },
      },
      metadata,
      { rows, known: stream },
    );
    return session.redirectUrl;
  }
}
