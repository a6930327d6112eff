/**
 * VAT on the shop's sales: prices are VAT-inclusive; an EU consumer pays their own country's
 * standard rate for electronically supplied services (the One-Stop Shop rules), anyone outside
 * the EU none. Rates change by law on a date: each country's rates are listed with the day they
 * took effect, the latest last, and a sale takes the rate in force on its day.
 */

/** A rate in basis points (2000 = 20 %), so that no rounding of a fraction ever enters an amount. */
type DatedRate = readonly [from: string, basisPoints: number];

/** The EU member states' standard rates since 2020, by ISO 3166-1 alpha-2 code (Greece is `GR`). */
export const EU_STANDARD_VAT_RATES: Readonly<Record<string, readonly DatedRate[]>> = {
  AT: [['2020-01-01', 2000]],
  BE: [['2020-01-01', 2100]],
  BG: [['2020-01-01', 2000]],
  CY: [['2020-01-01', 1900]],
  CZ: [['2020-01-01', 2100]],
  DE: [
    ['2020-01-01', 1900],
    ['2020-07-01', 1600],
    ['2021-01-01', 1900],
  ],
  DK: [['2020-01-01', 2500]],
  EE: [
    ['2020-01-01', 2000],
    ['2024-01-01', 2200],
    ['2025-07-01', 2400],
  ],
  ES: [['2020-01-01', 2100]],
  FI: [
    ['2020-01-01', 2400],
    ['2024-09-01', 2550],
  ],
  FR: [['2020-01-01', 2000]],
  GR: [['2020-01-01', 2400]],
  HR: [['2020-01-01', 2500]],
  HU: [['2020-01-01', 2700]],
  IE: [
    ['2020-01-01', 2300],
    ['2020-09-01', 2100],
    ['2021-03-01', 2300],
  ],
  IT: [['2020-01-01', 2200]],
  LT: [['2020-01-01', 2100]],
  LU: [
    ['2020-01-01', 1700],
    ['2023-01-01', 1600],
    ['2024-01-01', 1700],
  ],
  LV: [['2020-01-01', 2100]],
  MT: [['2020-01-01', 1800]],
  NL: [['2020-01-01', 2100]],
  PL: [['2020-01-01', 2300]],
  PT: [['2020-01-01', 2300]],
  RO: [
    ['2020-01-01', 1900],
    ['2025-08-01', 2100],
  ],
  SE: [['2020-01-01', 2500]],
  SI: [['2020-01-01', 2200]],
  SK: [
    ['2020-01-01', 2000],
    ['2025-01-01', 2300],
  ],
};

/** Whether `country` (ISO 3166-1 alpha-2) is an EU member state, whose consumers pay its VAT. */
export const isEuCountry = (country: string): boolean => Object.hasOwn(EU_STANDARD_VAT_RATES, country.toUpperCase());

/**
 * The VAT rate (0.2 for 20 %) a consumer in `country` pays on a sale on `at`: their country's
 * standard rate then in force, or 0 outside the EU.
 */
export function vatRateOn(country: string, at: Date): number {
  return vatBasisPointsOn(country, at) / 10_000;
}

function vatBasisPointsOn(country: string, at: Date): number {
  const rates = EU_STANDARD_VAT_RATES[country.toUpperCase()];
  if (!rates) return 0;
  const day = at.toISOString().slice(0, 10);
  let inForce = rates[0]![1];
  for (const [from, basisPoints] of rates) if (from <= day) inForce = basisPoints;
  return inForce;
}

/**
 * A VAT-inclusive total split into its net amount and its VAT at `rate`: net = round(total /
 * (1 + rate)), VAT = total − net, so the two always add up to what was paid. Works the same for a
 * credit note's negative total.
 */
export function splitVat(grossCents: number, rate: number): { netCents: number; vatCents: number } {
  const basisPoints = Math.round(rate * 10_000);
  const sign = grossCents < 0 ? -1 : 1;
  const net = sign * Math.round((Math.abs(grossCents) * 10_000) / (10_000 + basisPoints));
  return { netCents: net, vatCents: grossCents - net };
}
