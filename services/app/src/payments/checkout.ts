import { randomUUID } from 'node:crypto';
import { DomainError, NotFoundError, type Language } from '@shop/domain';
import type { EventMetadata } from '@shop/event-store';
import { getAccount, getSubscription } from '@shop/projections';
import { commitWithRows } from '../infrastructure/rows-with-events.js';
import { enabledProvider, subscriptionCommand, type PaymentServiceDependencies } from './payment-dependencies.js';
import type { PaymentProvider, ProviderName } from './payment-provider.js';

/** Checkouts opened at a provider for pending orders, and who may see them. */
export class Checkouts {
  constructor(
    private readonly deps: Pick<PaymentServiceDependencies, 'knex' | 'store' | 'providers' | 'publicUrl' | 'clock'>,
  ) {}

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
    const provider = enabledProvider(this.deps.providers, input.provider ?? subscription.provider ?? 'sandbox');
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

  /** Whether `userId` (undefined: nobody signed in) opened the checkout `sessionId` at `provider`. */
  async isSessionOf(userId: string | undefined, provider: ProviderName, sessionId: string): Promise<boolean> {
    if (!userId) return false;
    const known = await this.deps.knex('payment_sessions').where({ session_id: sessionId, provider }).first();
    return known?.user_id === userId;
  }

  async openCheckout(
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
    // The shop's record of the checkout it opened commits with PaymentSessionOpened.
    const row = {
      sql: `INSERT INTO payment_sessions (session_id, provider, subscription_id, user_id) VALUES ($1, $2, $3, $4)
            ON CONFLICT (session_id) DO NOTHING`,
      params: [session.sessionId, order.provider.name, order.subscriptionId, order.userId],
    };
    await commitWithRows(this.deps, [row], (withinTransaction) =>
      subscriptionCommand(
        this.deps.store,
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
        withinTransaction,
      ),
    );
    return session.redirectUrl;
  }
}
