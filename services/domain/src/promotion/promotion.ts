import type { Decider, DomainEvent } from '../shared/decider.js';
import { DomainError, NotFoundError } from '../shared/domain-error.js';

export const promoStreamId = (code: string) => `promo-${normalizePromoCode(code)}`;

/** Codes are compared trimmed and upper-case: "bienvenue10 " is BIENVENUE10. */
export const normalizePromoCode = (code: string) => code.trim().toUpperCase();

export type PromoCodeDefined = DomainEvent<
  'PromoCodeDefined',
  {
    code: string;
    percentOff: number;
    validFrom: string | null;
    validUntil: string | null;
    usageLimit: number | null;
    definedAt: string;
  }
>;
export type PromoCodeRedeemed = DomainEvent<
  'PromoCodeRedeemed',
  { code: string; subscriptionId: string; redeemedAt: string }
>;
export type PromotionEvent = PromoCodeDefined | PromoCodeRedeemed;
export const PROMOTION_EVENT_TYPES: ReadonlyArray<PromotionEvent['type']> = ['PromoCodeDefined', 'PromoCodeRedeemed'];

export type PromotionCommand =
  | { type: 'DefinePromoCode'; data: Omit<PromoCodeDefined['data'], 'definedAt'> & { now: Date } }
  | { type: 'RedeemPromoCode'; data: { code: string; subscriptionId: string; now: Date } };

export type PromotionState =
  | { status: 'none' }
  | {
      status: 'defined';
      definition: Omit<PromoCodeDefined['data'], 'definedAt'>;
      redemptions: number;
      redeemedBy: readonly string[];
    };

/** Why a code does not apply now, or null when it does. */
export function promoRejection(state: PromotionState, now: Date): string | null {
  if (state.status === 'none') return 'promo.unknown';
  const { validFrom, validUntil, usageLimit } = state.definition;
  if (validFrom && now < new Date(validFrom)) return 'promo.not_yet_valid';
  if (validUntil && now >= new Date(validUntil)) return 'promo.expired';
  if (usageLimit !== null && state.redemptions >= usageLimit) return 'promo.exhausted';
  return null;
}

export const promotionDecider: Decider<PromotionCommand, PromotionEvent, PromotionState> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    if (event.type === 'PromoCodeDefined') {
      const { definedAt: _at, ...definition } = event.data;
      return {
        status: 'defined',
        definition,
        redemptions: state.status === 'defined' ? state.redemptions : 0,
        redeemedBy: state.status === 'defined' ? state.redeemedBy : [],
      };
    }
    if (state.status === 'none') return state;
    return {
      ...state,
      redemptions: state.redemptions + 1,
      redeemedBy: [...state.redeemedBy, event.data.subscriptionId],
    };
  },
  decide: (command, state) => {
    if (command.type === 'DefinePromoCode') {
      const { now, ...definition } = command.data;
      const code = normalizePromoCode(definition.code);
      if (!/^[A-Z0-9-]{3,32}$/.test(code)) {
        throw new DomainError({ code: 'promo.invalid', message: 'A code is 3 to 32 letters, digits or dashes' });
      }
      if (!Number.isInteger(definition.percentOff) || definition.percentOff < 1 || definition.percentOff > 100) {
        throw new DomainError({ code: 'promo.invalid', message: 'percentOff must be an integer from 1 to 100' });
      }
      const next = { ...definition, code };
      if (state.status === 'defined' && JSON.stringify(state.definition) === JSON.stringify(next)) return [];
      return [{ type: 'PromoCodeDefined', data: { ...next, definedAt: now.toISOString() } }];
    }
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
  },
};
