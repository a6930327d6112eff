const LOCALES: Record<string, string> = { fr: 'fr-FR', en: 'en-IE' };

/**
 * Euros in the shop's two languages, written as `Intl.NumberFormat` writes them (a unit test holds
 * the two equal): making the first currency format costs a phone's browser about 20 ms of loading
 * its locale data (70-90 ms at four times slower than this machine), in the middle of taking over the page.
 */
const EUROS: Record<string, { thousands: string; decimal: string; write: (amount: string) => string }> = {
  fr: { thousands: '\u202f', decimal: ',', write: (amount) => `${amount}\u00a0€` },
  en: { thousands: ',', decimal: '.', write: (amount) => `€${amount}` },
};

/** Made once per language and currency: making one costs far more than formatting with it. */
const formats = new Map<string, Intl.NumberFormat>();

/** Integer cents as money in the reader's language: fr `4,53 €`, en `€4.53`. */
export function formatPrice(cents: number, currency: string, language: string): string {
  const euros = currency === 'EUR' && Number.isSafeInteger(cents) ? EUROS[language] : undefined;
  if (euros) return `${cents < 0 ? '-' : ''}${euros.write(groupedAmount(Math.abs(cents), euros))}`;
  const key = `${language} ${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[language] ?? language, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
    });
    formats.set(key, format);
  }
  return format.format(cents / 100);
}

/** `123456` cents → `1,234.56` (with the language's separators). */
function groupedAmount(cents: number, separators: { thousands: string; decimal: string }): string {
  const units = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, separators.thousands);
  return `${units}${separators.decimal}${String(cents % 100).padStart(2, '0')}`;
}
