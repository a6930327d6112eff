const LOCALES: Record<string, string> = { fr: 'fr-FR', en: 'en-GB' };

/** A day in the reader's language: fr `12 mars 2026`, en `12 March 2026`. */
export function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(LOCALES[language] ?? language, { dateStyle: 'long' }).format(new Date(iso));
}
