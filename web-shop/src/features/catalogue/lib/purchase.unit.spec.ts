import { describe, expect, it } from 'vitest';
import { checkoutPath, PURCHASE_DURATIONS, purchaseTotalCents } from './purchase';

describe('purchase', () => {
  it('offers 1, 3 and 12 months', () => {
    expect(PURCHASE_DURATIONS).toEqual([1, 3, 12]);
  });

  it('totals the monthly price times the months, in cents', () => {
    expect(purchaseTotalCents(453, 1)).toBe(453);
    expect(purchaseTotalCents(453, 3)).toBe(1359);
    expect(purchaseTotalCents(141, 12)).toBe(1692);
  });

  it('continues to the checkout with the chosen months', () => {
    expect(checkoutPath('netflix', 3)).toBe('/checkout/netflix?months=3');
    expect(checkoutPath('a b', 12)).toBe('/checkout/a%20b?months=12');
  });
});
