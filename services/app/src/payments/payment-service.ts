import { randomUUID } from 'node:crypto';
import {
  normalizePromoCode,
  promoRejection,
  promoStreamId,
  promotionDecider,
  subscriptionDecider,
  subscriptionStreamId,
  DomainError,
  NotFoundError,
  type Language,
  type PromotionEvent,
  type SubscriptionCommand,
  type SubscriptionEvent,
} from '@shop/domain';
import {
  asDomainEvent,
  ConcurrencyError,
  handleCommand,
  loadState,
  type EventMetadata,
  type EventStore,
} from '@shop/event-store';
import { getAccount, getPlan, getSubscription } from '@shop/projections';
import type { Knex } from 'knex';
import { idForKey, onceForKey } from '../infrastructure/idempotency.js';
import type { Logger } from '../infrastructure/logger.js';
import type { PaymentOutcome, PaymentProvider, ProviderName } from './payment-provider.js';

export const WEBHOOK_EVENT_TYPE = 'PaymentWebhookReceived';
export const webhookStreamId = (provider: string, providerEventId: string) => `webhook-${provider}-${providerEventId}`;

/**
 * A provider reported money for a checkout the shop did not open for the order it names (another
 * integration on the same account, a hand-made payment link, forged metadata): recorded, never applied.
 */
export const UNMATCHED_PAYMENT_EVENT_TYPE = 'ProviderPaymentUnmatched';
export const unmatchedPaymentStreamId = (provider: string, providerId: string) =>
  `unmatched-payment-${provider}-${providerId}`;

/** The data of a `ProviderPaymentUnmatched` event: ids and amounts only, as the provider gave them. */
export interface UnmatchedPayment {
  provider: string;
  kind: 'paid' | 'refunded';
  /** The provider's checkout (session, payment or order id) the money went through; null when it named none. */
  sessionId: string | null;
  /** The provider's payment id (Stripe payment intent, Mollie payment, PayPal capture). */
  paymentReference: string;
  amountCents: number;
  currency: string;
  /** The order the provider's metadata named: not necessarily one, and not confirmed. */
  claimedSubscriptionId: string;
  recordedAt: string;
}

/** What became of an outcome: applied to its order, recorded as unmatched, or ignored. */
export type AppliedOutcome = 'applied' | 'unmatched' | 'ignored';

export interface PlaceOrderInput {
  userId: string;
  planId: string;
  months: number;
  promoCode?: string;
  provider: ProviderName;
  language: Language;
}

export interface OrderResponse {
  orderId: string;
  subscriptionId: string;
  status: 'pending';
  totalCents: number;
  currency: string;
  redirectUrl: string;
}

/**
 * Orders and payments. Every provider path (webhook, success page, operator sync) ends in
 * `applyOutcome`, which issues idempotent commands: a paid order becomes exactly one active
 * subscription whatever order and however often the providers report it.
 */
export class PaymentService {
  constructor(
    private readonly deps: {
      knex: Knex;
      store: EventStore;
      providers: ReadonlyMap<ProviderName, PaymentProvider>;
      publicUrl: string;
      clock: () => Date;
      logger: Logger;
    },
  ) {}

  provider(name: string): PaymentProvider {
    const provider = this.deps.providers.get(name as ProviderName);
    if (!provider) {
      throw new DomainError({
        code: 'payment.provider_unavailable',
        message: `The payment provider ${name} is not enabled`,
        details: { enabled: [...this.deps.providers.keys()] },
      });
    }
    return provider;
  }

  enabledProviders(): ProviderName[] {
    return [...this.deps.providers.keys()];
  }

  private async subscriptionCommand(command: SubscriptionCommand, metadata: EventMetadata) {
    return handleCommand(
      this.deps.store,
      subscriptionStreamId(command.data.subscriptionId),
      subscriptionDecider,
      command,
      {
        metadata,
      },
    );
  }

  /** Whether a promo code applies now, and what it takes off this order. */
  async checkPromo(input: { code: string; planId: string; months: number }) {
    const plan = await this.requirePlan(input.planId);
    const history = await this.deps.store.readStream(promoStreamId(input.code));
    const state = history
      .map(asDomainEvent<PromotionEvent>)
      .reduce(promotionDecider.evolve, promotionDecider.initialState());
    const rejection = promoRejection(state, this.deps.clock());
    if (rejection || state.status !== 'defined')
      return { valid: false as const, code: normalizePromoCode(input.code), reason: rejection };
    const subtotalCents = plan.monthlyPriceCents * input.months;
    const discountCents = Math.round((subtotalCents * state.definition.percentOff) / 100);
    return {
      valid: true as const,
      code: state.definition.code,
      percentOff: state.definition.percentOff,
      subtotalCents,
      discountCents,
      totalCents: subtotalCents - discountCents,
      currency: plan.currency,
    };
  }

  private async requirePlan(planId: string) {
    const plan = await getPlan(this.deps.knex, planId, 'fr');
    if (!plan)
      throw new DomainError({
        code: 'order.unknown_plan',
        message: `No plan ${planId}`,
        details: { planId },
      });
    return plan;
  }

  /** Places the order and opens a checkout. With an Idempotency-Key, a retry answers the first response. */
  async placeOrder(
    input: PlaceOrderInput,
    options: { idempotencyKey?: string; correlationId: string },
  ): Promise<OrderResponse> {
    // With a key, the order's id comes from it: a retry whose first run died after placing the order
    // (its lease ran out, no answer was kept) finds that order instead of placing a second one.
    const subscriptionId = options.idempotencyKey
      ? idForKey('order', input.userId, options.idempotencyKey)
      : randomUUID();
    return onceForKey(this.deps.knex, { owner: input.userId, key: options.idempotencyKey, request: input }, () =>
      this.placeOrderOnce(input, subscriptionId, options.correlationId),
    );
  }

  private async placeOrderOnce(
    input: PlaceOrderInput,
    subscriptionId: string,
    correlationId: string,
  ): Promise<OrderResponse> {
    const provider = this.provider(input.provider);
    const plan = await this.requirePlan(input.planId);
    const now = this.deps.clock();
    const placedBefore = await this.resumeOrder(input, subscriptionId, provider, correlationId);
    if (placedBefore) return placedBefore;
    const metadata: EventMetadata = { actor: { type: 'customer', id: input.userId }, correlationId };
    const placeOrder = (promotion: { code: string; percentOff: number } | null) =>
      ({
        type: 'PlaceOrder',
        data: {
          subscriptionId,
          userId: input.userId,
          plan: { id: plan.id, name: plan.name, monthlyPriceCents: plan.monthlyPriceCents, currency: plan.currency },
          months: input.months,
          promotion,
          provider: provider.name,
          now,
        },
      }) as const;
    const code = input.promoCode?.trim() ? normalizePromoCode(input.promoCode) : null;
    const newEvents = code
      ? await this.redeemAndPlace(code, subscriptionId, now, placeOrder, metadata)
      : (await this.subscriptionCommand(placeOrder(null), metadata)).newEvents;
    const placed = newEvents[0]!;
    const totalCents = placed.type === 'OrderPlaced' ? placed.data.totalCents : 0;
    const redirectUrl = await this.openCheckout(
      {
        subscriptionId,
        userId: input.userId,
        provider,
        description: `${plan.name} - ${input.months} mois`,
        totalCents,
        currency: plan.currency,
        language: input.language,
      },
      metadata,
    );
    return {
      orderId: subscriptionId,
      subscriptionId,
      status: 'pending',
      totalCents,
      currency: plan.currency,
      redirectUrl,
    };
  }

  /**
   * Redeems the code on its own stream (a usage limit holds under concurrent orders) and places the
   * order. On PostgreSQL both appends commit in one transaction, so a crash cannot count a
   * redemption for no order; KurrentDB cannot, and there they stay two appends, redemption first.
   */
  private async redeemAndPlace(
    code: string,
    subscriptionId: string,
    now: Date,
    placeOrder: (promotion: { code: string; percentOff: number } | null) => SubscriptionCommand,
    metadata: EventMetadata,
  ): Promise<SubscriptionEvent[]> {
    const { store } = this.deps;
    const redeem = { type: 'RedeemPromoCode' as const, data: { code, subscriptionId, now } };
    if (!store.sharesTransactions) {
      const { state } = await handleCommand(store, promoStreamId(code), promotionDecider, redeem, { metadata });
      const promotion = state.status === 'defined' ? { code, percentOff: state.definition.percentOff } : null;
      return (await this.subscriptionCommand(placeOrder(promotion), metadata)).newEvents;
    }
    for (let attempt = 1; ; attempt++) {
      const promo = await loadState(store, promoStreamId(code), promotionDecider);
      const redemption = promotionDecider.decide(redeem, promo.state);
      const promotion =
        promo.state.status === 'defined' ? { code, percentOff: promo.state.definition.percentOff } : null;
      const order = subscriptionDecider.decide(placeOrder(promotion), subscriptionDecider.initialState());
      const asNew = (events: ReadonlyArray<{ type: string; data: unknown }>) =>
        events.map((event) => ({ type: event.type, data: event.data, metadata }));
      try {
        if (redemption.length === 0) {
          // Already redeemed for this order (a retry): only the order is left to place.
          await store.appendToStream(subscriptionStreamId(subscriptionId), asNew(order), {
            expectedVersion: 'no_stream',
          });
        } else {
          await store.appendToStream(promoStreamId(code), asNew(redemption), {
            expectedVersion: promo.version === 0 ? 'no_stream' : promo.version,
            withinTransaction: async (tx) => {
              await tx.append(subscriptionStreamId(subscriptionId), asNew(order), { expectedVersion: 'no_stream' });
            },
          });
        }
        return order;
      } catch (error) {
        // Another order redeemed the code meanwhile: decide again on its new count.
        if (error instanceof ConcurrencyError && attempt < 5) continue;
        throw error;
      }
    }
  }

  /**
   * The order a first run with the same Idempotency-Key placed before its process died, with a new
   * checkout: read from its stream, not the read model, which may not have seen it yet.
   */
  private async resumeOrder(
    input: PlaceOrderInput,
    subscriptionId: string,
    provider: PaymentProvider,
    correlationId: string,
  ): Promise<OrderResponse | null> {
    const events = (await this.deps.store.readStream(subscriptionStreamId(subscriptionId))).map(
      asDomainEvent<SubscriptionEvent>,
    );
    const placed = events.find((event) => event.type === 'OrderPlaced');
    if (!placed || placed.type !== 'OrderPlaced') return null;
    const state = events.reduce(subscriptionDecider.evolve, subscriptionDecider.initialState());
    if (state.status !== 'pending') {
      throw new DomainError({
        code: 'subscription.not_pending',
        message: 'This order has nothing left to pay',
      });
    }
    const { totalCents, currency, planName, months } = placed.data;
    const redirectUrl = await this.openCheckout(
      {
        subscriptionId,
        userId: input.userId,
        provider,
        description: `${planName} - ${months} mois`,
        totalCents,
        currency,
        language: input.language,
      },
      { actor: { type: 'customer', id: input.userId }, correlationId },
    );
    return { orderId: subscriptionId, subscriptionId, status: 'pending', totalCents, currency, redirectUrl };
  }

  /** A new payment session for a pending order (placing it, or finalising it later). */
  async checkoutExisting(
    input: { userId: string; subscriptionId: string; provider?: ProviderName; language: Language },
    correlationId: string,
  ) {
    const subscription = await this.ownedSubscription(input.userId, input.subscriptionId);
    if (subscription.status !== 'pending') {
      throw new DomainError({
        code: 'subscription.not_pending',
        message: 'This order has nothing left to pay',
      });
    }
    const provider = this.provider(input.provider ?? subscription.provider ?? 'sandbox');
    const redirectUrl = await this.openCheckout(
      {
        subscriptionId: subscription.id,
        userId: input.userId,
        provider,
        description: `${subscription.planName} - ${subscription.months} mois`,
        totalCents: subscription.totalCents,
        currency: subscription.currency,
        language: input.language,
      },
      { actor: { type: 'customer', id: input.userId }, correlationId },
    );
    return {
      orderId: subscription.id,
      subscriptionId: subscription.id,
      status: 'pending' as const,
      totalCents: subscription.totalCents,
      currency: subscription.currency,
      redirectUrl,
    };
  }

  async ownedSubscription(userId: string, subscriptionId: string) {
    const subscription = /^[0-9a-f-]{36}$/i.test(subscriptionId)
      ? await getSubscription(this.deps.knex, subscriptionId)
      : null;
    if (!subscription || subscription.userId !== userId) {
      throw new NotFoundError({ code: 'subscription.not_found', message: 'No such order' });
    }
    return subscription;
  }

  private async openCheckout(
    order: {
      subscriptionId: string;
      userId: string;
      provider: PaymentProvider;
      description: string;
      totalCents: number;
      currency: string;
      language: Language;
    },
    metadata: EventMetadata,
  ): Promise<string> {
    const account = await getAccount(this.deps.knex, order.userId);
    const session = await order.provider.createCheckout({
      subscriptionId: order.subscriptionId,
      description: order.description,
      amountCents: order.totalCents,
      currency: order.currency,
      customerEmail: account?.email ?? '',
      language: order.language,
      successUrl: `${this.deps.publicUrl}/payment-success?session_id={SESSION_ID}`,
      cancelUrl: `${this.deps.publicUrl}/payment-cancelled?session_id={SESSION_ID}`,
      idempotencyKey: `checkout-${order.subscriptionId}-${randomUUID()}`,
    });
    await this.deps
      .knex('payment_sessions')
      .insert({
        session_id: session.sessionId,
        provider: order.provider.name,
        subscription_id: order.subscriptionId,
        user_id: order.userId,
      })
      .onConflict('session_id')
      .ignore();
    await this.subscriptionCommand(
      {
        type: 'OpenPaymentSession',
        data: {
          subscriptionId: order.subscriptionId,
          provider: order.provider.name,
          sessionId: session.sessionId,
          now: this.deps.clock(),
        },
      },
      metadata,
    );
    return session.redirectUrl;
  }

  /**
   * A provider's notification: verified, then stored as an event whose id is the provider's
   * event id (a duplicate delivery is dropped by the store). Processing happens in a job.
   */
  async receiveWebhook(providerName: string, rawBody: Buffer, headers: Record<string, string | string[] | undefined>) {
    const provider = this.provider(providerName);
    const { providerEventId, payload } = await provider.verifyWebhook(rawBody, headers);
    const result = await this.deps.store.appendToStream(webhookStreamId(provider.name, providerEventId), [
      {
        id: `${provider.name}:${providerEventId}`,
        type: WEBHOOK_EVENT_TYPE,
        data: { provider: provider.name, providerEventId, payload, receivedAt: this.deps.clock().toISOString() },
        metadata: { actor: { type: 'provider', id: provider.name } },
      },
    ]);
    return { duplicate: result.appended === 0 };
  }

  /** The job behind a stored notification. */
  async processWebhook(provider: ProviderName, payload: Record<string, unknown>, causationId: string): Promise<void> {
    const outcomes = await this.provider(provider).interpretWebhook(payload);
    for (const outcome of outcomes)
      await this.applyOutcome(provider, outcome, { actor: { type: 'provider', id: provider }, causationId });
  }

  /** Whether `userId` (undefined: nobody signed in) opened the checkout `sessionId` at `provider`. */
  async isSessionOf(userId: string | undefined, provider: ProviderName, sessionId: string): Promise<boolean> {
    if (!userId) return false;
    const known = await this.deps.knex('payment_sessions').where({ session_id: sessionId, provider }).first();
    return known?.user_id === userId;
  }

  /** The success page: asks the provider now and fulfils through the same path as the webhook. */
  async verify(userId: string, sessionId: string, correlationId: string) {
    const known = await this.deps.knex('payment_sessions').where({ session_id: sessionId }).first();
    if (!known || known.user_id !== userId) {
      throw new NotFoundError({ code: 'payment.session_not_found', message: 'No such payment session' });
    }
    const outcome = await this.provider(known.provider).checkSession(sessionId);
    await this.applyOutcome(known.provider, outcome, { actor: { type: 'customer', id: userId }, correlationId });
    const history = await this.deps.store.readStream(subscriptionStreamId(known.subscription_id));
    const state = history
      .map((e) => asDomainEvent<Parameters<typeof subscriptionDecider.evolve>[1]>(e))
      .reduce(subscriptionDecider.evolve, subscriptionDecider.initialState());
    return {
      subscriptionId: known.subscription_id as string,
      status: state.status === 'none' ? 'pending' : state.status,
      paid: outcome.kind === 'paid' && state.status === 'active',
      outcome: outcome.kind,
    };
  }

  /**
   * Applies what a provider said to the order it names, only if the payment went through a
   * checkout the shop opened for that order (a `PaymentSessionOpened` of this provider and
   * session on the order's stream): metadata alone matches nothing. Money paid or refunded
   * elsewhere is recorded as unmatched; a failure elsewhere is only logged.
   */
  async applyOutcome(provider: string, outcome: PaymentOutcome, metadata: EventMetadata): Promise<AppliedOutcome> {
    if (outcome.kind === 'ignored') {
      this.deps.logger.info({ provider, reason: outcome.reason }, 'payment notification ignored');
      return 'ignored';
    }
    if (outcome.kind === 'pending') return 'applied';
    if (!(await this.openedForOrder(provider, outcome.sessionId, outcome.subscriptionId))) {
      if (outcome.kind === 'paid' || outcome.kind === 'refunded') {
        await this.recordUnmatched(provider, outcome, metadata);
        return 'unmatched';
      }
      this.deps.logger.info(
        { provider, sessionId: outcome.sessionId, subscriptionId: outcome.subscriptionId, kind: outcome.kind },
        'payment notification ignored: not a checkout the shop opened for this order',
      );
      return 'ignored';
    }
    await this.applyMatched(provider, outcome, metadata);
    return 'applied';
  }

  /** Whether the shop opened checkout `sessionId` at `provider` for order `subscriptionId`. */
  private async openedForOrder(provider: string, sessionId: string | null, subscriptionId: string): Promise<boolean> {
    if (!sessionId) return false;
    const history = await this.deps.store.readStream(subscriptionStreamId(subscriptionId));
    return history
      .map(asDomainEvent<SubscriptionEvent>)
      .some(
        (event) =>
          event.type === 'PaymentSessionOpened' &&
          event.data.provider === provider &&
          event.data.sessionId === sessionId,
      );
  }

  /** Once per provider checkout and kind (a repeated notification or sync adds nothing); never touches the order. */
  private async recordUnmatched(
    provider: string,
    outcome: Extract<PaymentOutcome, { kind: 'paid' | 'refunded' }>,
    metadata: EventMetadata,
  ): Promise<void> {
    const providerId = outcome.sessionId ?? outcome.paymentReference;
    const data: UnmatchedPayment = {
      provider,
      kind: outcome.kind,
      sessionId: outcome.sessionId,
      paymentReference: outcome.paymentReference,
      amountCents: outcome.amountCents,
      currency: outcome.currency.toUpperCase(),
      claimedSubscriptionId: outcome.subscriptionId,
      recordedAt: this.deps.clock().toISOString(),
    };
    await this.deps.store.appendToStream(unmatchedPaymentStreamId(provider, providerId), [
      { id: `unmatched:${provider}:${outcome.kind}:${providerId}`, type: UNMATCHED_PAYMENT_EVENT_TYPE, data, metadata },
    ]);
    this.deps.logger.warn(
      { provider, sessionId: outcome.sessionId, paymentReference: outcome.paymentReference, kind: outcome.kind },
      'provider payment matches no checkout the shop opened: recorded as unmatched',
    );
  }

  private async applyMatched(
    provider: string,
    outcome: Exclude<PaymentOutcome, { kind: 'pending' | 'ignored' }>,
    metadata: EventMetadata,
  ): Promise<void> {
    const now = this.deps.clock();
    switch (outcome.kind) {
      case 'paid':
        await this.subscriptionCommand(
          {
            type: 'ConfirmPayment',
            data: {
              subscriptionId: outcome.subscriptionId,
              provider,
              paymentReference: outcome.paymentReference,
              amountCents: outcome.amountCents,
              currency: outcome.currency,
              paidAt: outcome.paidAt,
              now,
            },
          },
          metadata,
        );
        return;
      case 'failed':
      case 'expired':
      case 'canceled':
        await this.subscriptionCommand(
          {
            type: 'RecordPaymentFailure',
            data: {
              subscriptionId: outcome.subscriptionId,
              provider,
              sessionId: outcome.sessionId,
              reason: outcome.kind,
              now,
            },
          },
          metadata,
        );
        return;
      case 'refunded':
        await this.subscriptionCommand(
          {
            type: 'RefundPayment',
            data: {
              subscriptionId: outcome.subscriptionId,
              provider,
              paymentReference: outcome.paymentReference,
              amountCents: outcome.amountCents,
              currency: outcome.currency,
              now,
            },
          },
          metadata,
        );
        return;
    }
  }
}
