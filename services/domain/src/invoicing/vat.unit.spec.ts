import { describe, expect, it } from 'vitest';
import { isEuCountry, splitVat, vatRateOn } from './vat.js';

const NOV_2026 = new Date('2026-11-26T10:00:00.000Z');

describe('VAT on a sale', () => {
  it('is the consumer’s EU country’s standard rate, and none outside the EU', () => {
    expect(vatRateOn('FR', NOV_2026)).toBe(0.2);
    expect(vatRateOn('BE', NOV_2026)).toBe(0.21);
    expect(vatRateOn('DE', NOV_2026)).toBe(0.19);
    expect(vatRateOn('de', NOV_2026)).toBe(0.19);
    expect(vatRateOn('CH', NOV_2026)).toBe(0);
    expect(vatRateOn('US', NOV_2026)).toBe(0);
    expect(isEuCountry('HU')).toBe(true);
    expect(isEuCountry('GB')).toBe(false);
  });

  it('takes the rate in force on the day of the sale: a change applies from its date', () => {
    expect(vatRateOn('DE', new Date('2020-06-30T23:59:59.000Z'))).toBe(0.19);
    expect(vatRateOn('DE', new Date('2020-07-01T00:00:00.000Z'))).toBe(0.16);
    expect(vatRateOn('DE', new Date('2021-01-01T00:00:00.000Z'))).toBe(0.19);
    expect(vatRateOn('FI', new Date('2024-08-31T12:00:00.000Z'))).toBe(0.24);
    expect(vatRateOn('FI', new Date('2024-09-01T12:00:00.000Z'))).toBe(0.255);
    expect(vatRateOn('SK', new Date('2024-12-31T12:00:00.000Z'))).toBe(0.2);
    expect(vatRateOn('SK', new Date('2025-01-01T12:00:00.000Z'))).toBe(0.23);
  });

  it('splits a VAT-inclusive total into net = round(total / (1 + rate)) and VAT = total − net', () => {
    // 13,59 € paid in France: 11,33 € net, 2,26 € VAT.
    expect(splitVat(1359, 0.2)).toEqual({ netCents: 1133, vatCents: 226 });
    expect(splitVat(1359, 0.21)).toEqual({ netCents: 1123, vatCents: 236 });
    expect(splitVat(1359, 0.19)).toEqual({ netCents: 1142, vatCents: 217 });
    expect(splitVat(1359, 0)).toEqual({ netCents: 1359, vatCents: 0 });
    expect(splitVat(453, 0.255)).toEqual({ netCents: 361, vatCents: 92 });
    // A credit note's negative amounts split the same way.
    expect(splitVat(-1359, 0.2)).toEqual({ netCents: -1133, vatCents: -226 });
    for (const gross of [1, 99, 453, 1359, 4999, 123_456]) {
      const { netCents, vatCents } = splitVat(gross, 0.2);
      expect(netCents + vatCents).toBe(gross);
    }
  });
});
