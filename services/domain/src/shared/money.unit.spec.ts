import { describe, expect, it } from 'vitest';
import { isSupportedDuration, priceOrder } from './money.js';

describe('priceOrder', () => {
  it('multiplies the monthly price by the months, in integer cents', () => {
    expect(priceOrder({ monthlyPriceCents: 242, months: 12, currency: 'EUR' })).toEqual({
      monthlyPriceCents: 242,
      months: 12,
      subtotalCents: 2904,
      discountPercent: 0,
      discountCents: 0,
      totalCents: 2904,
      currency: 'EUR',
    });
  });

  it('takes the promotion off the subtotal, rounding the discount to the nearest cent', () => {
    // 1359 x 10% = 135.9 -> 136
    expect(priceOrder({ monthlyPriceCents: 453, months: 3, currency: 'EUR', discountPercent: 10 })).toMatchObject({
      subtotalCents: 1359,
      discountCents: 136,
      totalCents: 1223,
    });
  });

  it.each([
    { subtotal: 1225, percent: 10, discount: 123, why: '122.5 rounds half up' },
    { subtotal: 2430, percent: 5, discount: 122, why: '121.5 rounds half up' },
    { subtotal: 1224, percent: 10, discount: 122, why: '122.4 rounds down' },
    { subtotal: 1226, percent: 10, discount: 123, why: '122.6 rounds up' },
    { subtotal: 999, percent: 50, discount: 500, why: '499.5 rounds half up' },
  ])('discount of $percent% on $subtotal is $discount ($why)', ({ subtotal, percent, discount }) => {
    const price = priceOrder({ monthlyPriceCents: subtotal, months: 1, currency: 'EUR', discountPercent: percent });
    expect(price.discountCents).toBe(discount);
    expect(price.totalCents).toBe(subtotal - discount);
  });

  it('a 0% promotion (or none) changes nothing', () => {
    expect(priceOrder({ monthlyPriceCents: 453, months: 3, currency: 'EUR', discountPercent: 0 })).toMatchObject({
      discountCents: 0,
      totalCents: 1359,
    });
    expect(priceOrder({ monthlyPriceCents: 453, months: 3, currency: 'EUR' }).discountPercent).toBe(0);
  });

  it('a 100% promotion makes the order free', () => {
    expect(priceOrder({ monthlyPriceCents: 453, months: 3, currency: 'EUR', discountPercent: 100 })).toMatchObject({
      discountCents: 1359,
      totalCents: 0,
    });
  });

  it('a free plan costs nothing', () => {
    expect(priceOrder({ monthlyPriceCents: 0, months: 12, currency: 'EUR' }).totalCents).toBe(0);
  });

  it.each([
    { monthlyPriceCents: -1, months: 1, discountPercent: 0, why: 'negative price' },
    { monthlyPriceCents: 4.53, months: 1, discountPercent: 0, why: 'fractional cents' },
    { monthlyPriceCents: Number.NaN, months: 1, discountPercent: 0, why: 'NaN price' },
    { monthlyPriceCents: 453, months: 1, discountPercent: -5, why: 'negative discount' },
    { monthlyPriceCents: 453, months: 1, discountPercent: 101, why: 'discount above 100%' },
    { monthlyPriceCents: 453, months: 1, discountPercent: Number.NaN, why: 'NaN discount' },
    { monthlyPriceCents: 453, months: 0, discountPercent: 0, why: 'zero months' },
    { monthlyPriceCents: 453, months: -3, discountPercent: 0, why: 'negative months' },
    { monthlyPriceCents: 453, months: 1.5, discountPercent: 0, why: 'fractional months' },
  ])('rejects $why with a RangeError', (input) => {
    expect(() => priceOrder({ ...input, currency: 'EUR' })).toThrow(RangeError);
  });
});

describe('isSupportedDuration', () => {
  it.each([1, 3, 12])('%i months is sold', (months) => {
    expect(isSupportedDuration(months)).toBe(true);
  });

  it.each([0, 2, 6, 24, 1.5, -1])('%d months is not sold', (months) => {
    expect(isSupportedDuration(months)).toBe(false);
  });
});
