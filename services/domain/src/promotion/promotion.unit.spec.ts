import { describe, it } from 'vitest';
import { DeciderSpec } from '../shared/decider-spec.js';
import { promotionDecider, type PromoCodeDefined, type PromoCodeRedeemed } from './promotion.js';

const now = new Date('2026-06-01T12:00:00.000Z');
const defined = (overrides: Partial<PromoCodeDefined['data']> = {}): PromoCodeDefined => ({
  type: 'PromoCodeDefined',
  data: {
    code: 'BIENVENUE10',
    percentOff: 10,
    validFrom: null,
    validUntil: null,
    usageLimit: null,
    definedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  },
});
const redeemed = (subscriptionId: string): PromoCodeRedeemed => ({
  type: 'PromoCodeRedeemed',
  data: { code: 'BIENVENUE10', subscriptionId, redeemedAt: '2026-05-01T00:00:00.000Z' },
});
const redeem = (subscriptionId: string, at = now) =>
  ({ type: 'RedeemPromoCode', data: { code: ' bienvenue10 ', subscriptionId, now: at } }) as const;
const spec = () => DeciderSpec.for(promotionDecider);

describe('promo codes', () => {
  it('are defined by the operator, normalised to upper case; defining the same again records nothing', () => {
    spec()
      .when({
        type: 'DefinePromoCode',
        data: { code: 'bienvenue10', percentOff: 10, validFrom: null, validUntil: null, usageLimit: null, now },
      })
      .then([defined({ definedAt: now.toISOString() })]);
    spec()
      .given([defined()])
      .when({
        type: 'DefinePromoCode',
        data: { code: 'BIENVENUE10', percentOff: 10, validFrom: null, validUntil: null, usageLimit: null, now },
      })
      .thenNothing();
  });

  it('refuse a percentage outside 1..100 and malformed codes', () => {
    const base = { validFrom: null, validUntil: null, usageLimit: null, now };
    spec()
      .when({ type: 'DefinePromoCode', data: { ...base, code: 'ZERO', percentOff: 0 } })
      .thenThrows({ code: 'promo.invalid' });
    spec()
      .when({ type: 'DefinePromoCode', data: { ...base, code: 'HUGE', percentOff: 101 } })
      .thenThrows({ code: 'promo.invalid' });
    spec()
      .when({ type: 'DefinePromoCode', data: { ...base, code: 'a b', percentOff: 5 } })
      .thenThrows({ code: 'promo.invalid' });
  });

  it('are redeemed once per order, trimmed and in any case', () => {
    spec()
      .given([defined()])
      .when(redeem('s1'))
      .then([
        {
          type: 'PromoCodeRedeemed',
          data: { code: 'BIENVENUE10', subscriptionId: 's1', redeemedAt: now.toISOString() },
        },
      ]);
    spec()
      .given([defined(), redeemed('s1')])
      .when(redeem('s1'))
      .thenNothing();
  });

  it('apply only inside their validity window and up to their usage limit', () => {
    spec()
      .when(redeem('s1'))
      .thenThrows({ code: 'promo.unknown', details: { promoCode: 'BIENVENUE10' } });
    spec()
      .given([defined({ validFrom: '2026-07-01T00:00:00.000Z' })])
      .when(redeem('s1'))
      .thenThrows({ code: 'promo.not_yet_valid' });
    spec()
      .given([defined({ validUntil: '2026-06-01T12:00:00.000Z' })])
      .when(redeem('s1'))
      .thenThrows({ code: 'promo.expired' });
    spec()
      .given([defined({ usageLimit: 2 }), redeemed('a'), redeemed('b')])
      .when(redeem('c'))
      .thenThrows({ code: 'promo.exhausted' });
    spec()
      .given([defined({ usageLimit: 2 }), redeemed('a')])
      .when(redeem('b'))
      .then([
        {
          type: 'PromoCodeRedeemed',
          data: { code: 'BIENVENUE10', subscriptionId: 'b', redeemedAt: now.toISOString() },
        },
      ]);
  });
});
