import { assertNever, type Decider, type DomainEvent } from '../shared/decider.js';
import { DomainError, NotFoundError } from '../shared/domain-error.js';

export const promoStreamId = (code: string) => `promo-${normalizePromoCode(code)}`;

/** Codes are compared trimmed and upper-case: "bienvenue10 " is BIENVENUE10. */
export const normalizePromoCode = (code: string) => code.trim().toUpperCase();

/** What a code takes off and when it applies; the operator sets it, a revision replaces it whole. */
export interface PromoCodeTerms {
  code: string;
  percentOff: number;
  validFrom: string | null;
  validUntil: string | null;
  usageLimit: number | null;
}

export type PromoCodeDefined = DomainEvent<'PromoCodeDefined', PromoCodeTerms & { definedAt: string }>;
export type PromoCodeRevised = DomainEvent<'PromoCodeRevised', PromoCodeTerms & { revisedAt: string }>;
export type PromoCodeDeactivated = DomainEvent<'PromoCodeDeactivated', { code: string; deactivatedAt: string }>;
export type PromoCodeReactivated = DomainEvent<'PromoCodeReactivated', { code: string; reactivatedAt: string }>;
/**
 * An order (or a renewal, by its id) took one use of the code. `retaken`: an order whose use was
 * given back when it was abandoned, paid after all, takes it again whatever the limit.
 */
export type PromoCodeRedeemed = DomainEvent<
  'PromoCodeRedeemed',
  { code: string; subscriptionId: string; redeemedAt: string; retaken?: true }
>;
/** The order that took a use was abandoned unpaid: the use is given back, for others. */
export type PromoCodeRedemptionReleased = DomainEvent<
  'PromoCodeRedemptionReleased',
  { code: string; subscriptionId: string; releasedAt: string }
>;
export type PromotionEvent =
  | PromoCodeDefined
  | PromoCodeRevised
  | PromoCodeDeactivated
  | PromoCodeReactivated
  | PromoCodeRedeemed
  | PromoCodeRedemptionReleased;
export const PROMOTION_EVENT_TYPES: ReadonlyArray<PromotionEvent['type']> = [
  'PromoCodeDefined',
  'PromoCodeRevised',
  'PromoCodeDeactivated',
  'PromoCodeReactivated',
  'PromoCodeRedeemed',
  'PromoCodeRedemptionReleased',
];

type Now = { now: Date };

export type PromotionCommand =
  /** The launch seed: defines a code once; a code that exists is left as the operator made it. */
  | { type: 'DefinePromoCode'; data: PromoCodeTerms & Now }
  /** The operator's new code, active at once unless said otherwise. */
  | { type: 'CreatePromoCode'; data: PromoCodeTerms & Now & { active: boolean } }
  /**
   * The operator's change, against the revision their form was loaded at: a change made meanwhile
   * is refused rather than overwritten. Redemptions do not count as revisions, so orders flowing
   * in never make the operator's form stale.
   */
  | { type: 'RevisePromoCode'; data: PromoCodeTerms & Now & { active: boolean; expectedRevision: number } }
  | { type: 'RedeemPromoCode'; data: { code: string; subscriptionId: string; now: Date } }
  /** The order abandoned unpaid gives its use back (once; nothing if it had taken none). */
  | { type: 'ReleasePromoCodeRedemption'; data: { code: string; subscriptionId: string; now: Date } }
  /** The abandoned order was paid after all: it takes back the use it gave, whatever the limit. */
  | { type: 'RetakePromoCodeRedemption'; data: { code: string; subscriptionId: string; now: Date } };

export type PromotionState =
  | { status: 'none' }
  | {
      status: 'defined';
      definition: PromoCodeTerms;
      active: boolean;
      /** How many times the operator's side changed: definition, revisions, (de)activations. */
      revision: number;
      /** Uses counted against the limit: redeemed, less those given back. */
      redemptions: number;
      /** The orders holding a use now. */
      redeemedBy: readonly string[];
      /** The orders whose use was given back (abandoned unpaid) and not taken again. */
      releasedBy?: readonly string[];
    };

/** Why a code does not apply now, or null when it does. */
export function promoRejection(state: PromotionState, now: Date): string | null {
  if (state.status === 'none') return 'promo.unknown';
  if (!state.active) return 'promo.inactive';
  const { validFrom, validUntil, usageLimit } = state.definition;
  if (validFrom && now < new Date(validFrom)) return 'promo.not_yet_valid';
  if (validUntil && now >= new Date(validUntil)) return 'promo.expired';
  if (usageLimit !== null && state.redemptions >= usageLimit) return 'promo.exhausted';
  return null;
}

/** The highest usage limit a code may have (beyond it, a typo; the read models count in 32-bit integers). */
export const PROMO_USAGE_LIMIT_MAX = 1_000_000_000;
/** A code's dates fall within these years: outside them is a typo, and year 0 exists in no database. */
export const PROMO_DATE_YEARS = { min: 1970, max: 9999 } as const;

const invalid = (message: string, field: string) =>
  new DomainError({ code: 'promo.invalid', message, details: { field } });

/** The terms as stored: the code normalised, and every rule an operator's typo could break checked. */
function validTerms(terms: PromoCodeTerms): PromoCodeTerms {
  const code = normalizePromoCode(terms.code);
  if (!/^[A-Z0-9-]{3,32}$/.test(code)) throw invalid('A code is 3 to 32 letters, digits or dashes', 'code');
  if (!Number.isInteger(terms.percentOff) || terms.percentOff < 1 || terms.percentOff > 100) {
    throw invalid('percentOff must be an integer from 1 to 100', 'percentOff');
  }
  if (
    terms.usageLimit !== null &&
    (!Number.isInteger(terms.usageLimit) || terms.usageLimit < 1 || terms.usageLimit > PROMO_USAGE_LIMIT_MAX)
  ) {
    throw invalid(`usageLimit must be an integer from 1 to ${PROMO_USAGE_LIMIT_MAX}, or none`, 'usageLimit');
  }
  for (const field of ['validFrom', 'validUntil'] as const) {
    const value = terms[field];
    if (value === null) continue;
    const year = Number.isNaN(Date.parse(value)) ? NaN : new Date(value).getUTCFullYear();
    if (!(year >= PROMO_DATE_YEARS.min && year <= PROMO_DATE_YEARS.max)) {
      throw invalid(`${field} must be a date from ${PROMO_DATE_YEARS.min} to ${PROMO_DATE_YEARS.max}`, field);
    }
  }
  const validFrom = terms.validFrom === null ? null : new Date(terms.validFrom).toISOString();
  const validUntil = terms.validUntil === null ? null : new Date(terms.validUntil).toISOString();
  if (validFrom && validUntil && validFrom >= validUntil) {
    throw invalid('validUntil must come after validFrom', 'validUntil');
  }
  return { code, percentOff: terms.percentOff, validFrom, validUntil, usageLimit: terms.usageLimit };
}

const termsOf = ({ code, percentOff, validFrom, validUntil, usageLimit }: PromoCodeTerms): PromoCodeTerms => ({
  code,
  percentOff,
  validFrom,
  validUntil,
  usageLimit,
});
const sameTerms = (a: PromoCodeTerms, b: PromoCodeTerms) => JSON.stringify(termsOf(a)) === JSON.stringify(termsOf(b));

function decideRedemption(
  command: Extract<PromotionCommand, { type: 'RedeemPromoCode' }>,
  state: PromotionState,
): PromotionEvent[] {
  const { code, subscriptionId, now } = command.data;
  if (state.status === 'defined' && state.redeemedBy.includes(subscriptionId)) return [];
  const rejection = promoRejection(state, now);
  if (rejection) {
    const Error = rejection === 'promo.unknown' ? NotFoundError : DomainError;
    throw new Error({
      code: rejection,
      message: `The promo code ${normalizePromoCode(code)} does not apply`,
      details: { promoCode: normalizePromoCode(code) },
    });
  }
  return [
    {
      type: 'PromoCodeRedeemed',
      data: { code: normalizePromoCode(code), subscriptionId, redeemedAt: now.toISOString() },
    },
  ];
}

export const promotionDecider: Decider<PromotionCommand, PromotionEvent, PromotionState> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'PromoCodeDefined':
        return {
          status: 'defined',
          definition: termsOf(event.data),
          active: true,
          revision: state.status === 'defined' ? state.revision + 1 : 1,
          redemptions: state.status === 'defined' ? state.redemptions : 0,
          redeemedBy: state.status === 'defined' ? state.redeemedBy : [],
        };
      case 'PromoCodeRevised':
        if (state.status === 'none') return state;
        return { ...state, definition: termsOf(event.data), revision: state.revision + 1 };
      case 'PromoCodeDeactivated':
      case 'PromoCodeReactivated':
        if (state.status === 'none') return state;
        return { ...state, active: event.type === 'PromoCodeReactivated', revision: state.revision + 1 };
      case 'PromoCodeRedeemed':
        if (state.status === 'none') return state;
        return {
          ...state,
          redemptions: state.redemptions + 1,
          redeemedBy: [...state.redeemedBy, event.data.subscriptionId],
          releasedBy: (state.releasedBy ?? []).filter((id) => id !== event.data.subscriptionId),
        };
      case 'PromoCodeRedemptionReleased':
        if (state.status === 'none') return state;
        return {
          ...state,
          redemptions: state.redemptions - 1,
          redeemedBy: state.redeemedBy.filter((id) => id !== event.data.subscriptionId),
          releasedBy: [...(state.releasedBy ?? []), event.data.subscriptionId],
        };
      default:
        return assertNever(event);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'DefinePromoCode': {
        const terms = validTerms(command.data);
        if (state.status === 'defined') return [];
        return [{ type: 'PromoCodeDefined', data: { ...terms, definedAt: command.data.now.toISOString() } }];
      }
      case 'CreatePromoCode': {
        const terms = validTerms(command.data);
        if (state.status === 'defined') {
          throw new DomainError({
            code: 'promo.already_exists',
            message: `The promo code ${terms.code} already exists`,
            details: { code: terms.code },
          });
        }
        const at = command.data.now.toISOString();
        const defined: PromotionEvent = { type: 'PromoCodeDefined', data: { ...terms, definedAt: at } };
        return command.data.active
          ? [defined]
          : [defined, { type: 'PromoCodeDeactivated', data: { code: terms.code, deactivatedAt: at } }];
      }
      case 'RevisePromoCode': {
        // An unknown code is not found, whatever its spelling: only an existing code's terms are checked.
        if (state.status === 'none') {
          const code = normalizePromoCode(command.data.code);
          throw new NotFoundError({ code: 'promo.not_found', message: `No promo code ${code}`, details: { code } });
        }
        const terms = validTerms(command.data);
        if (state.revision !== command.data.expectedRevision) {
          throw new DomainError({
            code: 'promo.stale',
            message: `The promo code ${terms.code} was changed meanwhile; reload it`,
            details: { code: terms.code, revision: state.revision, expectedRevision: command.data.expectedRevision },
          });
        }
        const at = command.data.now.toISOString();
        const events: PromotionEvent[] = [];
        if (!sameTerms(state.definition, terms))
          events.push({ type: 'PromoCodeRevised', data: { ...terms, revisedAt: at } });
        if (state.active && !command.data.active) {
          events.push({ type: 'PromoCodeDeactivated', data: { code: terms.code, deactivatedAt: at } });
        }
        if (!state.active && command.data.active) {
          events.push({ type: 'PromoCodeReactivated', data: { code: terms.code, reactivatedAt: at } });
        }
        return events;
      }
      case 'RedeemPromoCode':
        return decideRedemption(command, state);
      case 'ReleasePromoCodeRedemption': {
        const { subscriptionId, now } = command.data;
        if (state.status !== 'defined' || !state.redeemedBy.includes(subscriptionId)) return [];
        return [
          {
            type: 'PromoCodeRedemptionReleased',
            data: { code: state.definition.code, subscriptionId, releasedAt: now.toISOString() },
          },
        ];
      }
      case 'RetakePromoCodeRedemption': {
        const { subscriptionId, now } = command.data;
        if (state.status !== 'defined' || !state.releasedBy?.includes(subscriptionId)) return [];
        return [
          {
            type: 'PromoCodeRedeemed',
            data: { code: state.definition.code, subscriptionId, redeemedAt: now.toISOString(), retaken: true },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },
};
