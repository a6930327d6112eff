import {
  DomainError,
  FREE_OFFER_STREAM_ID,
  NotFoundError,
  freeOfferDecider,
  freeOfferIsOpen,
  freeOfferPlacesLeft,
  type FreeOfferClaimed,
  type FreeOfferEvent,
  type FreeOfferState,
  type Language,
} from '@shop/domain';
import type { EventStore } from '@shop/event-store';
import { getPlan } from '@shop/projections';
import type { AdminFreeOffer, FreeOffer } from '@shop/contracts';
import type { Knex } from 'knex';
import { idForKey } from '../infrastructure/idempotency.js';
import type { FreeOfferCommands } from './free-offer-commands.js';
import type { SubscriptionCommands } from '../subscriptions/subscription-commands.js';

/** The operator's months when the offer was never set (the seeds' "12 mois"). */
const DEFAULT_MONTHS = 12;

/**
 * How often a claim is decided again after another claim took the version it read. Each retry
 * follows a claim that was appended, so a claim gives up only when this many others succeeded
 * in the time it took (it then hears `concurrency`, 409, and may retry).
 */
const CLAIM_ATTEMPTS = 50;

const notOpen = () =>
  new NotFoundError({ code: 'free_offer.not_found', message: 'No free offer is running with places left' });

/**
 * The free offer: the operator's settings and the customers' claims (one stream, `free-offer`),
 * and the subscription each claim gives (its own stream, as any subscription).
 *
 * Exactly once across the two streams (ADR 0018): the claim is appended first, and takes the
 * place; the subscription's id is derived from the offer and the account, so completing the
 * claim is the same write however often it is tried. A crash between the two appends leaves a
 * claim without a subscription; the customer's next claim hears from the decider that the
 * account already claimed (with that subscription's id), finds no such subscription yet and
 * writes it, and only when it exists does a second claim answer `free_offer.already_claimed`.
 */
export class FreeOfferService {
  /** The stream folded so far: each read folds only the events appended since. */
  private folded: { version: number; state: FreeOfferState } = {
    version: 0,
    state: freeOfferDecider.initialState(),
  };

  constructor(
    private readonly deps: {
      knex: Knex;
      store: EventStore;
      commands: { freeOffer: FreeOfferCommands; subscriptions: SubscriptionCommands };
      clock: () => Date;
    },
  ) {}

  /** The offer's state as of now: one short stream, read from where the last read stopped. */
  async current(): Promise<FreeOfferState> {
    const newer = await this.deps.store.readStream(FREE_OFFER_STREAM_ID, { fromVersion: this.folded.version + 1 });
    let { version, state } = this.folded;
    for (const recorded of newer) {
      if (recorded.streamVersion <= version) continue;
      state = freeOfferDecider.evolve(state, { type: recorded.type, data: recorded.data } as FreeOfferEvent);
      version = recorded.streamVersion;
    }
    if (version > this.folded.version) this.folded = { version, state };
    return state;
  }

  /**
   * What the shop shows: the plan, the months, the places left, and whether `userId` (the signed-in
   * customer, if any) already claimed it; `free_offer.not_found` when it is off or full.
   */
  async publicOffer(language: Language, userId?: string): Promise<FreeOffer> {
    const state = await this.current();
    if (!state.terms || !freeOfferIsOpen(state)) throw notOpen();
    const plan = await getPlan(this.deps.knex, state.terms.planId, language, { onSaleOnly: true });
    if (!plan) throw notOpen();
    return {
      planId: plan.id,
      planName: plan.name,
      months: state.terms.months,
      placesLeft: freeOfferPlacesLeft(state),
      claimedByYou: userId !== undefined && Object.hasOwn(state.claimedBy, userId),
    };
  }

  async adminView(): Promise<AdminFreeOffer> {
    return viewOf(await this.current());
  }

  /** The operator's settings, recorded with them as actor (nothing when unchanged). */
  async configure(
    input: { planId: string; months: number; places: number; active: boolean },
    act: { adminId: string; correlationId: string },
  ): Promise<AdminFreeOffer> {
    const plan = await getPlan(this.deps.knex, input.planId, 'fr');
    const onSale = plan !== null && (await getPlan(this.deps.knex, input.planId, 'fr', { onSaleOnly: true })) !== null;
    const { state } = await this.deps.commands.freeOffer.execute(
      {
        type: 'ConfigureFreeOffer',
        data: { ...input, plan: plan ? { onSale } : null, now: this.deps.clock() },
      },
      { actor: { type: 'admin', id: act.adminId }, correlationId: act.correlationId },
    );
    return viewOf(state);
  }

  /** The customer's claim: a place taken, then an active subscription at 0. See the class's comment. */
  async claim(userId: string, correlationId: string): Promise<{ subscriptionId: string }> {
    const subscriptionId = idForKey('free-offer', FREE_OFFER_STREAM_ID, userId);
    const claimEventId = idForKey('free-offer-claim', FREE_OFFER_STREAM_ID, userId);
    const metadata = { actor: { type: 'customer' as const, id: userId }, correlationId };
    let claim: FreeOfferClaimed['data'];
    let earlierClaim: DomainError | null = null;
    try {
      const { newEvents } = await this.deps.commands.freeOffer.execute(
        { type: 'ClaimFreeOffer', data: { userId, subscriptionId, now: this.deps.clock() } },
        metadata,
        { eventIds: () => claimEventId, maxAttempts: CLAIM_ATTEMPTS },
      );
      claim = (newEvents[0] as FreeOfferClaimed).data;
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'free_offer.already_claimed') throw error;
      earlierClaim = error;
      claim = await this.claimOf(userId);
    }
    const plan = await getPlan(this.deps.knex, claim.planId, 'fr');
    if (!plan) throw new Error(`The free offer's plan ${claim.planId} is not in the catalogue`);
    try {
      await this.deps.commands.subscriptions.execute(
        {
          type: 'GrantSubscription',
          data: {
            subscriptionId: claim.subscriptionId,
            userId,
            plan: { id: plan.id, name: plan.name, monthlyPriceCents: plan.monthlyPriceCents, currency: plan.currency },
            months: claim.months,
            customPriceCents: 0,
            grantedBy: 'free_offer',
            now: new Date(claim.claimedAt),
          },
        },
        { ...metadata, causationId: claimEventId, causationStreamId: FREE_OFFER_STREAM_ID },
      );
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'subscription.already_exists') throw error;
      // The subscription was written before: a second claim is refused, the same claim sent twice at once is not.
      if (earlierClaim) throw earlierClaim;
    }
    return { subscriptionId: claim.subscriptionId };
  }

  /** The account's recorded claim (it exists: the decider said so). */
  private async claimOf(userId: string): Promise<FreeOfferClaimed['data']> {
    const events = await this.deps.store.readStream(FREE_OFFER_STREAM_ID);
    const found = events.find(
      (event) => event.type === 'FreeOfferClaimed' && (event.data as { userId: string }).userId === userId,
    );
    if (!found) throw new Error(`No free offer claim recorded for ${userId}`);
    return found.data as FreeOfferClaimed['data'];
  }
}

function viewOf(state: FreeOfferState): AdminFreeOffer {
  return {
    planId: state.terms?.planId ?? null,
    months: state.terms?.months ?? DEFAULT_MONTHS,
    places: state.terms?.places ?? 0,
    active: state.terms?.active ?? false,
    claimed: state.claims,
    placesLeft: freeOfferPlacesLeft(state),
  };
}
