/**
 * Mollie and PayPal write money as a decimal string in the currency's major unit ("12.23");
 * the shop counts integer minor units. The number of decimals is the currency's own (0 for JPY).
 */
export function currencyDecimals(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).resolvedOptions()
    .maximumFractionDigits!;
}

export function toDecimalAmount(amountCents: number, currency: string): string {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) throw new RangeError(`Invalid amount ${amountCents}`);
  const decimals = currencyDecimals(currency);
  if (decimals === 0) return String(amountCents);
  const digits = String(amountCents).padStart(decimals + 1, '0');
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** Exact (no floating point); throws on anything that is not a plain non-negative decimal. */
export function fromDecimalAmount(value: string, currency: string): number {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) throw new RangeError(`Invalid decimal amount ${JSON.stringify(value)}`);
  const decimals = currencyDecimals(currency);
  const fraction = (match[2] ?? '').padEnd(decimals, '0');
  if (fraction.length > decimals && /[^0]/.test(fraction.slice(decimals))) {
    throw new RangeError(`${value} has more decimals than ${currency} allows`);
  }
  return Number(match[1]) * 10 ** decimals + Number(fraction.slice(0, decimals) || '0');
}
