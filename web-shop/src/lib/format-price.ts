const LOCALES: Record<string, string> = { fr: 'fr-FR', en: 'en-IE' };

/** Integer cents as money in the reader's language: fr `4,53 €`, en `€4.53`. */
export function formatPrice(cents: number, currency: string, language: string): string {
  return new Intl.NumberFormat(LOCALES[language] ?? language, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
  }).format(cents / 100);
}
