import { describe, it } from 'vitest';
import { DeciderSpec } from '../shared/decider-spec.js';
import {
  PROMO_USAGE_LIMIT_MAX,
  promotionDecider,
  type PromoCodeDefined,
  type PromoCodeRedeemed,
  type PromoCodeTerms,
  type PromotionEvent,
} from './promotion.js';

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

describe('a use taken by an order never paid', () => {
  const release = (subscriptionId: string) =>
    ({ type: 'ReleasePromoCodeRedemption', data: { code: 'bienvenue10', subscriptionId, now } }) as const;
  const released = (subscriptionId: string): PromotionEvent => ({
    type: 'PromoCodeRedemptionReleased',
    data: { code: 'BIENVENUE10', subscriptionId, releasedAt: now.toISOString() },
  });
  const retake = (subscriptionId: string) =>
    ({ type: 'RetakePromoCodeRedemption', data: { code: 'BIENVENUE10', subscriptionId, now } }) as const;

  it('is given back once the order is abandoned: the code applies again up to its limit', () => {
    spec()
      .given([defined({ usageLimit: 2 }), redeemed('a'), redeemed('b')])
      .when(release('a'))
      .then([released('a')]);
    spec()
      .given([defined({ usageLimit: 2 }), redeemed('a'), redeemed('b'), released('a')])
      .when(redeem('c'))
      .then([
        {
          type: 'PromoCodeRedeemed',
          data: { code: 'BIENVENUE10', subscriptionId: 'c', redeemedAt: now.toISOString() },
        },
      ]);
  });

  it.each<[when: string, history: PromotionEvent[], subscriptionId: string]>([
    ['a second time', [defined(), redeemed('a'), released('a')], 'a'],
    ['for an order that had not taken it', [defined(), redeemed('a')], 'other'],
    ['for a code that does not exist', [], 'a'],
  ])('is not given back %s', (_when, history, subscriptionId) => {
    spec().given(history).when(release(subscriptionId)).thenNothing();
  });

  it('is taken again when the abandoned order is paid after all, whatever the limit: the customer paid at that discount', () => {
    const retaken: PromotionEvent = {
      type: 'PromoCodeRedeemed',
      data: { code: 'BIENVENUE10', subscriptionId: 'a', redeemedAt: now.toISOString(), retaken: true },
    };
    spec()
      .given([defined({ usageLimit: 1 }), redeemed('a'), released('a'), redeemed('b')])
      .when(retake('a'))
      .then([retaken]);
    spec()
      .given([defined({ usageLimit: 1 }), redeemed('a'), released('a'), retaken])
      .when(retake('a'))
      .thenNothing();
    // Never given back: nothing to take again.
    spec()
      .given([defined(), redeemed('a')])
      .when(retake('a'))
      .thenNothing();
  });
});

describe("the operator's promo codes", () => {
  const terms: PromoCodeTerms = { code: 'ete-25', percentOff: 25, validFrom: null, validUntil: null, usageLimit: 100 };
  const at = now.toISOString();
  const summer = (overrides: Partial<PromoCodeDefined['data']> = {}): PromoCodeDefined => ({
    type: 'PromoCodeDefined',
    data: { ...terms, code: 'ETE-25', definedAt: '2026-05-01T00:00:00.000Z', ...overrides },
  });
  const revise = (data: Partial<PromoCodeTerms> & { active?: boolean; expectedRevision?: number } = {}) =>
    ({
      type: 'RevisePromoCode',
      data: { ...terms, active: true, expectedRevision: 1, now, ...data },
    }) as const;

  it('are created active, or created and deactivated in one go', () => {
    spec()
      .when({ type: 'CreatePromoCode', data: { ...terms, active: true, now } })
      .then([{ type: 'PromoCodeDefined', data: { ...terms, code: 'ETE-25', definedAt: at } }]);
    spec()
      .when({ type: 'CreatePromoCode', data: { ...terms, active: false, now } })
      .then([
        { type: 'PromoCodeDefined', data: { ...terms, code: 'ETE-25', definedAt: at } },
        { type: 'PromoCodeDeactivated', data: { code: 'ETE-25', deactivatedAt: at } },
      ]);
  });

  it('cannot be created twice', () => {
    spec()
      .given([summer()])
      .when({ type: 'CreatePromoCode', data: { ...terms, active: true, now } })
      .thenThrows({ code: 'promo.already_exists', details: { code: 'ETE-25' } });
  });

  it('refuse a window that ends before it starts and a usage limit below one', () => {
    const create = (overrides: Partial<PromoCodeTerms>) =>
      ({ type: 'CreatePromoCode', data: { ...terms, active: true, now, ...overrides } }) as const;
    spec()
      .when(create({ validFrom: '2026-07-01T00:00:00.000Z', validUntil: '2026-06-01T00:00:00.000Z' }))
      .thenThrows({ code: 'promo.invalid', details: { field: 'validUntil' } });
    spec()
      .when(create({ usageLimit: 0 }))
      .thenThrows({ code: 'promo.invalid', details: { field: 'usageLimit' } });
    spec()
      .when(create({ validFrom: 'tomorrow' }))
      .thenThrows({ code: 'promo.invalid', details: { field: 'validFrom' } });
  });

  it('refuse a usage limit or a date no read model can hold (a typo, not a term)', () => {
    const create = (overrides: Partial<PromoCodeTerms>) =>
      ({ type: 'CreatePromoCode', data: { ...terms, active: true, now, ...overrides } }) as const;
    for (const usageLimit of [PROMO_USAGE_LIMIT_MAX + 1, 2 ** 31, 1e15]) {
      spec()
        .when(create({ usageLimit }))
        .thenThrows({ code: 'promo.invalid', details: { field: 'usageLimit' } });
    }
    for (const validFrom of ['0000-01-01T00:00:00Z', '1969-12-31T23:59:59Z', '+010000-01-01T00:00:00Z']) {
      spec()
        .when(create({ validFrom, validUntil: null }))
        .thenThrows({ code: 'promo.invalid', details: { field: 'validFrom' } });
    }
    spec()
      .when(create({ validUntil: '0001-01-01T00:00:00+14:00' }))
      .thenThrows({ code: 'promo.invalid', details: { field: 'validUntil' } });
    const widest = { usageLimit: PROMO_USAGE_LIMIT_MAX, validFrom: null, validUntil: '9999-12-31T00:00:00.000Z' };
    spec()
      .when(create(widest))
      .then([{ type: 'PromoCodeDefined', data: { ...terms, ...widest, code: 'ETE-25', definedAt: at } }]);
  });

  it('are revised whole; an unchanged form records nothing', () => {
    spec()
      .given([summer()])
      .when(revise({ percentOff: 30, validUntil: '2026-09-01T00:00:00.000Z' }))
      .then([
        {
          type: 'PromoCodeRevised',
          data: { ...terms, code: 'ETE-25', percentOff: 30, validUntil: '2026-09-01T00:00:00.000Z', revisedAt: at },
        },
      ]);
    spec().given([summer()]).when(revise()).thenNothing();
  });

  it('are deactivated and reactivated; an inactive code does not apply', () => {
    const deactivated = { type: 'PromoCodeDeactivated', data: { code: 'ETE-25', deactivatedAt: at } } as const;
    spec()
      .given([summer()])
      .when(revise({ active: false }))
      .then([deactivated]);
    spec()
      .given([summer(), deactivated])
      .when({ type: 'RedeemPromoCode', data: { code: 'ete-25', subscriptionId: 's1', now } })
      .thenThrows({ code: 'promo.inactive' });
    spec()
      .given([summer(), deactivated])
      .when(revise({ expectedRevision: 2 }))
      .then([{ type: 'PromoCodeReactivated', data: { code: 'ETE-25', reactivatedAt: at } }]);
  });

  it('refuse a change made on a stale form, but not because orders redeemed the code meanwhile', () => {
    const revised: PromotionEvent = { type: 'PromoCodeRevised', data: { ...terms, code: 'ETE-25', revisedAt: at } };
    spec()
      .given([summer(), revised])
      .when(revise({ percentOff: 40, expectedRevision: 1 }))
      .thenThrows({ code: 'promo.stale', details: { revision: 2 } });
    const byOrder: PromoCodeRedeemed = {
      type: 'PromoCodeRedeemed',
      data: { code: 'ETE-25', subscriptionId: 's1', redeemedAt: at },
    };
    spec()
      .given([summer(), byOrder, byOrder])
      .when(revise({ percentOff: 40 }))
      .then([{ type: 'PromoCodeRevised', data: { ...terms, code: 'ETE-25', percentOff: 40, revisedAt: at } }]);
  });

  it('cannot be revised before they exist', () => {
    spec().when(revise()).thenThrows({ code: 'promo.not_found' });
  });

  it("are left as the operator made them by the launch seed's definition", () => {
    spec()
      .given([defined(), { type: 'PromoCodeDeactivated', data: { code: 'BIENVENUE10', deactivatedAt: at } }])
      .when({
        type: 'DefinePromoCode',
        data: { code: 'BIENVENUE10', percentOff: 10, validFrom: null, validUntil: null, usageLimit: null, now },
      })
      .thenNothing();
  });
});
