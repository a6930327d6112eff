const LOCALES: Record<string, string> = { fr: 'fr-FR', en: 'en-IE' };

/** Made once per language and currency: making one costs far more than formatting with it. */
const formats = new Map<string, Intl.NumberFormat>();

/** Integer cents as money in the reader's language: fr `4,53 €`, en `€4.53`. */
export function formatPrice(cents: number, currency: string, language: string): string {
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
