import { LANGUAGES, type Language } from '@shop/domain';
import type { Request } from 'express';
import { weightedValues } from './weighted-header.js';

const DEFAULT_LANGUAGE: Language = 'fr';

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

/**
 * `?lang=` wins, then the best of Accept-Language by quality; French otherwise. An answer whose
 * language the header chose says so (`Vary: Accept-Language`), so a shared cache keeps one per language.
 */
export function requestLanguage(req: Request): Language {
  const explicit = typeof req.query.lang === 'string' ? req.query.lang.toLowerCase() : undefined;
  if (explicit && isLanguage(explicit)) return explicit;
  if (req.res && !req.res.headersSent) req.res.vary('Accept-Language');
  const header = req.get('accept-language');
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = weightedValues(header)
    .map(({ value, quality, index }) => ({ language: value.split('-')[0] ?? '', quality, index }))
    .filter((entry) => entry.quality > 0 && isLanguage(entry.language))
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return (ranked[0]?.language as Language | undefined) ?? DEFAULT_LANGUAGE;
}
