import { paymentSessionsOfCustomer } from '@shop/projections';
import { NotFoundError } from '@shop/domain';
import type { PaymentMismatch, PaymentSyncResult, SyncedPayment, UnmatchedSession } from '@shop/contracts';
import type { EventMetadata, EventStore } from '@shop/event-store';
import type { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { normalizeEmail } from '../accounts/account-service.js';
import {
  PAYMENT_OBSERVED,
  PAYMENT_SYNC_COMPLETED,
  PAYMENT_SYNC_FAILED,
  PAYMENT_SYNC_REQUESTED,
  observeStripeSession,
  paymentSyncStreamId,
  type PaymentObservation,
  type PaymentSyncCompletedData,
  type PaymentSyncFailedData,
  type PaymentSyncRequestedData,
} from './payment-observations.js';
import type { ProviderRecords } from './provider-record-commands.js';
import type { SavedMethod } from './payment-provider.js';
import type { PaymentService } from './payment-service.js';
import { StripeProvider } from './stripe-provider.js';
import { SyncRuns, type ObservationResult } from './sync-runs.js';

/** More sessions than any one customer has; a bound so a runaway listing cannot hold the request. */
const MAX_SESSIONS = 1000;

export interface StripeSyncDependencies {
  knex: Knex;
  store: EventStore;
  commands: { providerRecords: ProviderRecords };
  payments: PaymentService;
  /** Seals a customer's personal data with their key (`AccountService.seal`). */
  seal: (userId: string, value: string) => Promise<string>;
  clock?: () => Date;
  newId?: () => string;
}

/**
 * The operator's catch-up for a customer whose payment notification never arrived: each of
 * their complete, paid Stripe Checkout Sessions whose order is still unpaid is fulfilled
 * through `PaymentService.applyOutcome`, the same idempotent path as the webhook, so a second
 * run finds nothing left to do. Listed by e-mail, a session may be one the shop never opened
 * (another integration on the account) even though its metadata names the customer's order:
 * that one is recorded as unmatched and reported, never fulfilled.
 *
 * Each run is a stream of its own (`payment-sync-<runId>`): who asked for which customer, every
 * session Stripe answered, recorded before anything is applied, and the counts at the end. The
 * outcomes name the observation they came from, and `shopctl payments replay-sync` re-derives
 * them from the log alone (ADR 0016).
 */
export class StripeSync {
  private readonly runs: SyncRuns;
  private readonly clock: () => Date;
  private readonly newId: () => string;

  constructor(private readonly deps: StripeSyncDependencies) {
    this.runs = new SyncRuns(deps);
    this.clock = deps.clock ?? (() => new Date());
    this.newId = deps.newId ?? randomUUID;
  }

  async syncCustomer(email: string, metadata: EventMetadata): Promise<PaymentSyncResult> {
    const provider = this.deps.payments.provider('stripe');
    if (!(provider instanceof StripeProvider)) throw new Error('The stripe provider is not the Stripe SDK adapter');
    const normalized = normalizeEmail(email);
    const credentials = await this.deps.knex('account_credentials').where({ email_normalized: normalized }).first();
    if (!credentials) {
      throw new NotFoundError({ code: 'account.not_found', message: `No account for ${normalized}` });
    }
    const userId = String(credentials.user_id);

    const runId = this.newId();
    const streamId = paymentSyncStreamId(runId);
    const requested: PaymentSyncRequestedData = {
      runId,
      provider: 'stripe',
      userId,
      email: await this.deps.seal(userId, normalized),
      requestedAt: this.clock().toISOString(),
    };
    await this.deps.commands.providerRecords.record(
      streamId,
      [{ type: PAYMENT_SYNC_REQUESTED, data: requested, metadata }],
      {
        expectedVersion: 'no_stream',
      },
    );

    let sessions: Array<{ session: Stripe.Checkout.Session; savedMethod: SavedMethod | null }>;
    try {
      sessions = await this.withSavedMethods(provider, await this.sessionsOf(provider, userId, normalized));
    } catch (error) {
      const failed: PaymentSyncFailedData = {
        runId,
        reason: error instanceof Error ? error.message : String(error),
        failedAt: this.clock().toISOString(),
      };
      await this.deps.commands.providerRecords.record(streamId, [
        { type: PAYMENT_SYNC_FAILED, data: failed, metadata },
      ]);
      throw error;
    }

    // What Stripe answered, recorded before anything is applied.
    const observedAt = this.clock();
    const observed = sessions.map(({ session, savedMethod }) => ({
      id: `sync:${runId}:${session.id}`,
      streamId,
      data: observeStripeSession(runId, session, observedAt, savedMethod),
    }));
    if (observed.length > 0) {
      await this.deps.commands.providerRecords.record(
        streamId,
        observed.map((o) => ({
          id: o.id,
          type: PAYMENT_OBSERVED,
          data: o.data satisfies PaymentObservation,
          metadata,
        })),
      );
    }

    const results: ObservationResult[] = [];
    for (const observation of observed) results.push(await this.runs.act(observation, userId, metadata));

    const answer = this.answer(runId, normalized, results);
    const completed: PaymentSyncCompletedData = {
      runId,
      observed: observed.length,
      applied: answer.count,
      unmatched: answer.unmatched.length,
      mismatches: answer.mismatches.length,
      completedAt: this.clock().toISOString(),
    };
    await this.deps.commands.providerRecords.record(streamId, [
      { type: PAYMENT_SYNC_COMPLETED, data: completed, metadata },
    ]);
    return answer;
  }

  private answer(runId: string, email: string, results: ObservationResult[]): PaymentSyncResult {
    const payments: SyncedPayment[] = [];
    const mismatches: PaymentMismatch[] = [];
    const unmatched: UnmatchedSession[] = [];
    for (const r of results) {
      const amount = { sessionId: r.sessionId, amountCents: r.amountCents ?? 0, currency: r.currency ?? '' };
      if (r.verdict === 'applied') {
        payments.push({
          planName: r.planName ?? '',
          sessionId: r.sessionId,
          amountCents: amount.amountCents,
          date: r.sessionCreatedAt,
        });
      } else if (r.verdict === 'unmatched') {
        unmatched.push(amount);
      } else if (r.verdict === 'mismatch' && r.mismatch) {
        mismatches.push({ ...amount, ...r.mismatch });
      }
    }
    const count = payments.length;
    return {
      message:
        count === 0
          ? `No missed Stripe payment for ${email}`
          : `Synced ${count} Stripe payment${count === 1 ? '' : 's'} for ${email}`,
      count,
      payments,
      mismatches,
      unmatched,
      runId,
    };
  }

  /**
   * Each session with the method it kept, when it is paid and kept one (a checkout ordered to renew
   * itself): recorded in its observation, so the order it activates renews with that method, as
   * when the notification or the success page confirms it.
   */
  private async withSavedMethods(provider: StripeProvider, sessions: Stripe.Checkout.Session[]) {
    const read = [];
    for (const session of sessions) {
      const paid = provider.sessionOutcome(session).kind === 'paid';
      read.push({ session, savedMethod: paid ? await provider.savedMethodOfCheckout(session) : null });
    }
    return read;
  }

  /**
   * The customer's sessions as Stripe answers now: the complete ones it lists for their e-mail,
   * and those our own records link to their account for an order still pending (in case the
   * e-mail changed since).
   */
  private async sessionsOf(provider: StripeProvider, userId: string, email: string) {
    const sessions = new Map<string, Stripe.Checkout.Session>();
    for await (const session of provider.client.checkout.sessions.list({
      customer_details: { email },
      status: 'complete',
      limit: 100,
    })) {
      sessions.set(session.id, session);
      if (sessions.size >= MAX_SESSIONS) break;
    }
    for (const recorded of await paymentSessionsOfCustomer(this.deps.knex, userId, 'stripe')) {
      if (sessions.has(recorded.sessionId)) continue;
      const subscription = await this.runs.subscription(recorded.subscriptionId);
      if (subscription?.state.status !== 'pending') continue;
      sessions.set(recorded.sessionId, await provider.retrieveSession(recorded.sessionId));
    }
    return [...sessions.values()];
  }
}
