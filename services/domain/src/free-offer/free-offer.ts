import { assertNever, type Decider } from '../shared/decider.js';
import { DomainError } from '../shared/domain-error.js';
import { FREE_OFFER_MAX_MONTHS, type FreeOfferEvent, type FreeOfferTerms } from './events.js';

export type FreeOfferCommand =
  /**
   * The operator's settings. `plan` is the catalogue's plan named by `planId` as the caller found
   * it (null when there is none): the decider judges it, the caller only looks it up.
   */
  | { type: 'ConfigureFreeOffer'; data: FreeOfferTerms & { plan: { onSale: boolean } | null; now: Date } }
  /** A customer takes a place; `subscriptionId` is the one the offer gives this account. */
  | { type: 'ClaimFreeOffer'; data: { userId: string; subscriptionId: string; now: Date } };

export interface FreeOfferState {
  /** Null until the operator first sets it. */
  terms: FreeOfferTerms | null;
  claims: number;
  /** Each account that claimed, and the subscription the claim gives it. */
  claimedBy: Readonly<Record<string, string>>;
}

/** The places not yet claimed (0 when the offer was never set). */
export const freeOfferPlacesLeft = (state: FreeOfferState) =>
  state.terms ? Math.max(0, state.terms.places - state.claims) : 0;

/** Whether a customer may claim it now: switched on with a place left. */
export const freeOfferIsOpen = (state: FreeOfferState) =>
  state.terms?.active === true && freeOfferPlacesLeft(state) > 0;

const termsOf = ({ planId, months, places, active }: FreeOfferTerms): FreeOfferTerms => ({
  planId,
  months,
  places,
  active,
});

function decideConfiguration(
  data: Extract<FreeOfferCommand, { type: 'ConfigureFreeOffer' }>['data'],
  state: FreeOfferState,
): FreeOfferEvent[] {
  const terms = termsOf(data);
  if (!data.plan) {
    throw new DomainError({
      code: 'free_offer.unknown_plan',
      message: `No plan ${terms.planId}`,
      details: { planId: terms.planId },
    });
  }
  // Switching the offer off stays possible for a plan taken off sale meanwhile.
  if (terms.active && !data.plan.onSale) {
    throw new DomainError({
      code: 'free_offer.plan_not_on_sale',
      message: `The plan ${terms.planId} is not on sale`,
      details: { planId: terms.planId },
    });
  }
  if (!Number.isInteger(terms.months) || terms.months < 1 || terms.months > FREE_OFFER_MAX_MONTHS) {
    throw new DomainError({
      code: 'free_offer.invalid_months',
      message: `The offer lasts from 1 to ${FREE_OFFER_MAX_MONTHS} whole months`,
      details: { months: terms.months },
    });
  }
  if (!Number.isInteger(terms.places) || terms.places < state.claims) {
    throw new DomainError({
      code: 'free_offer.too_few_places',
      message: `${state.claims} places are already claimed`,
      details: { places: terms.places, claimed: state.claims },
    });
  }
  if (state.terms && JSON.stringify(termsOf(state.terms)) === JSON.stringify(terms)) return [];
  return [{ type: 'FreeOfferChanged', data: { ...terms, changedAt: data.now.toISOString() } }];
}

function decideClaim(
  data: Extract<FreeOfferCommand, { type: 'ClaimFreeOffer' }>['data'],
  state: FreeOfferState,
): FreeOfferEvent[] {
  // First, so that an account which claimed hears it whatever became of the offer since.
  if (Object.hasOwn(state.claimedBy, data.userId)) {
    throw new DomainError({
      code: 'free_offer.already_claimed',
      message: 'This account already claimed the free offer',
      details: { subscriptionId: state.claimedBy[data.userId] },
    });
  }
  if (!state.terms?.active) {
    throw new DomainError({ code: 'free_offer.closed', message: 'The free offer is not running' });
  }
  if (freeOfferPlacesLeft(state) === 0) {
    throw new DomainError({ code: 'free_offer.sold_out', message: 'Every place of the free offer is taken' });
  }
  return [
    {
      type: 'FreeOfferClaimed',
      data: {
        userId: data.userId,
        subscriptionId: data.subscriptionId,
        planId: state.terms.planId,
        months: state.terms.months,
        claimedAt: data.now.toISOString(),
      },
    },
  ];
}

/**
 * The free offer: the operator's settings and the claims, one stream. A claim is decided
 * against the stream's version, so two claims for the last place cannot both be appended:
 * the second is decided again on the stream that holds the first, and finds it sold out.
 */
export const freeOfferDecider: Decider<FreeOfferCommand, FreeOfferEvent, FreeOfferState> = {
  initialState: () => ({ terms: null, claims: 0, claimedBy: {} }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'FreeOfferChanged':
        return { ...state, terms: termsOf(event.data) };
      case 'FreeOfferClaimed':
        return {
          ...state,
          claims: state.claims + 1,
          claimedBy: { ...state.claimedBy, [event.data.userId]: event.data.subscriptionId },
        };
      default:
        return assertNever(event);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'ConfigureFreeOffer':
        return decideConfiguration(command.data, state);
      case 'ClaimFreeOffer':
        return decideClaim(command.data, state);
      default:
        return assertNever(command);
    }
  },
};
