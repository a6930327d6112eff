import {
  subscriptionDecider,
  subscriptionStreamId,
  NotFoundError,
  type PaymentMismatchRecorded,
  type SubscriptionEvent,
} from '@shop/domain';
import { asDomainEvent, type EventMetadata, type EventStore } from '@shop/event-store';
import type { Knex } from 'knex';
import type Stripe from 'stripe';
import { normalizeEmail } from '../accounts/account-service.js';
import type { PaymentService } from './payment-service.js';
import { StripeProvider } from './stripe-provider.js';

export interface SyncedPayment {
  planName: string;
  sessionId: string;
  amountCents: number;
  /** When the checkout session was opened (ISO-8601 UTC). */
  date: string;
}

export interface PaymentMismatch {
  sessionId: string;
  amountCents: number;
  currency: string;
  expectedAmountCents: number;
  expectedCurrency: string;
}

/** A paid session that names the customer's order but was not opened by the shop for it. */
export interface UnmatchedSession {
  sessionId: string;
  amountCents: number;
  currency: string;
}

export interface StripeSyncResult {
  message: string;
  count: number;
  payments: SyncedPayment[];
  /** Paid sessions whose amount does not cover their order: recorded once, never activated. */
  mismatches: PaymentMismatch[];
  /** Paid sessions the shop never opened for the order they name: recorded once as unmatched, never activated. */
  unmatched: UnmatchedSession[];
}

/** More sessions than any one customer has; a bound so a runaway listing cannot hold the request. */
const MAX_SESSIONS = 1000;

/**
 * The operator's catch-up for a customer whose payment notification never arrived: each of
 * their complete, paid Stripe Checkout Sessions whose order is still unpaid is fulfilled
 * through `PaymentService.applyOutcome`, the same idempotent path as the webhook, so a second
 * run finds nothing left to do. Listed by e-mail, a session may be one the shop never opened
 * (another integration on the account) even though its metadata names the customer's order:
 * that one is recorded as unmatched and reported, never fulfilled.
 */
export class StripeSync {
  constructor(private readonly deps: { knex: Knex; store: EventStore; payments: PaymentService }) {}

  async syncCustomer(email: string, metadata: EventMetadata): Promise<StripeSyncResult> {
    const provider = this.deps.payments.provider('stripe');
    if (!(provider instanceof StripeProvider)) throw new Error('The stripe provider is not the Stripe SDK adapter');
    const normalized = normalizeEmail(email);
    const credentials = await this.deps.knex('account_credentials').where({ email_normalized: normalized }).first();
    if (!credentials) {
      throw new NotFoundError({ code: 'account.not_found', message: `No account for ${normalized}` });
    }
    const userId = String(credentials.user_id);

    const payments: SyncedPayment[] = [];
    const mismatches: PaymentMismatch[] = [];
    const unmatched: UnmatchedSession[] = [];
    for (const session of await this.paidSessions(provider, userId, normalized)) {
      const outcome = provider.sessionOutcome(session);
      if (outcome.kind !== 'paid') continue;
      const before = await this.subscription(outcome.subscriptionId);
      // Only this customer's orders, and only those still waiting for their money.
      if (!before || before.state.userId !== userId) continue;
      if (before.state.status !== 'pending' || before.state.paymentReference !== null) continue;
      const known = before.mismatches.find((m) => m.data.paymentReference === outcome.paymentReference);
      if (!known) {
        // Only a session the shop opened for that order is applied; any other is recorded as unmatched.
        const applied = await this.deps.payments.applyOutcome('stripe', outcome, metadata);
        if (applied === 'unmatched') {
          unmatched.push({ sessionId: session.id, amountCents: outcome.amountCents, currency: outcome.currency });
          continue;
        }
      }
      const after = await this.subscription(outcome.subscriptionId);
      if (after?.state.status === 'active' && after.state.paymentReference === outcome.paymentReference) {
        payments.push({
          planName: after.planName,
          sessionId: session.id,
          amountCents: outcome.amountCents,
          date: new Date(session.created * 1000).toISOString(),
        });
        continue;
      }
      const mismatch = after?.mismatches.find((m) => m.data.paymentReference === outcome.paymentReference);
      if (mismatch) {
        mismatches.push({
          sessionId: session.id,
          amountCents: mismatch.data.amountCents,
          currency: mismatch.data.currency,
          expectedAmountCents: mismatch.data.expectedAmountCents,
          expectedCurrency: mismatch.data.expectedCurrency,
        });
      }
    }
    const count = payments.length;
    return {
      message:
        count === 0
          ? `No missed Stripe payment for ${normalized}`
          : `Synced ${count} Stripe payment${count === 1 ? '' : 's'} for ${normalized}`,
      count,
      payments,
      mismatches,
      unmatched,
    };
  }

  /**
   * The customer's complete, paid sessions: those Stripe lists for their e-mail, and those our
   * own records link to their account (in case the e-mail changed since).
   */
  private async paidSessions(provider: StripeProvider, userId: string, email: string) {
    const sessions = new Map<string, Stripe.Checkout.Session>();
    for await (const session of provider.client.checkout.sessions.list({
      customer_details: { email },
      status: 'complete',
      limit: 100,
    })) {
      sessions.set(session.id, session);
      if (sessions.size >= MAX_SESSIONS) break;
    }
    const recorded = await this.deps
      .knex('payment_sessions')
      .where({ provider: 'stripe', user_id: userId })
      .orderBy('created_at')
      .select('session_id', 'subscription_id');
    for (const row of recorded as Array<{ session_id: string; subscription_id: string }>) {
      if (sessions.has(row.session_id)) continue;
      const subscription = await this.subscription(row.subscription_id);
      if (subscription?.state.status !== 'pending') continue;
      sessions.set(row.session_id, await provider.retrieveSession(row.session_id));
    }
    return [...sessions.values()].filter((s) => s.status === 'complete' && s.payment_status === 'paid');
  }

  /** The order as its own stream says now (the read model may trail it). */
  private async subscription(subscriptionId: string) {
    const events = (await this.deps.store.readStream(subscriptionStreamId(subscriptionId))).map(
      asDomainEvent<SubscriptionEvent>,
    );
    const state = events.reduce(subscriptionDecider.evolve, subscriptionDecider.initialState());
    if (state.status === 'none') return null;
    const placed = events.find((e) => e.type === 'OrderPlaced');
    return {
      state,
      planName: placed?.type === 'OrderPlaced' ? placed.data.planName : '',
      mismatches: events.filter((e): e is PaymentMismatchRecorded => e.type === 'PaymentMismatchRecorded'),
    };
  }
}
