const LOCALES: Record<string, string> = { fr: 'fr-FR', en: 'en-GB' };

/** A VAT rate (0.2) as the reader's language writes a percentage: fr `20 %` (narrow no-break space), en `20%`. */
export function formatRate(rate: number, language: string): string {
  return new Intl.NumberFormat(LOCALES[language] ?? language, { style: 'percent', maximumFractionDigits: 2 }).format(
    rate,
  );
}
