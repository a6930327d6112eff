import { config, type Language } from '../config';

/**
 * One address per language: French at the root (`/subscription/netflix`), English under `/en/`
 * (`/en/subscription/netflix`). The address alone says which language a page is in.
 */
export const ENGLISH_PREFIX = '/en';

/** The language of an address and the address within the shop's routes (without its prefix). */
export function splitLanguagePath(pathname: string): { language: Language; path: string } {
  if (pathname === ENGLISH_PREFIX || pathname.startsWith(`${ENGLISH_PREFIX}/`)) {
    return { language: 'en', path: pathname.slice(ENGLISH_PREFIX.length) || '/' };
  }
  return { language: config.defaultLanguage, path: pathname || '/' };
}

/** The address of `path` (a route of the shop, `/…`) in `language`. */
export function languagePath(language: Language, path: string): string {
  if (language === config.defaultLanguage) return path;
  return path === '/' ? `${ENGLISH_PREFIX}/` : `${ENGLISH_PREFIX}${path}`;
}

/** The router's basename for `language`: routes and links are written without the prefix. */
export function languageBasename(language: Language): string | undefined {
  return language === config.defaultLanguage ? undefined : ENGLISH_PREFIX;
}
