import { config, isLanguage, type Language } from '../config';
import { languagePath, splitLanguagePath } from '../lib/language-path';
import { isPublicPath } from './public-pages';

/**
 * The language of the address the shop opened on. A public page is in the language of its
 * address, whatever the visitor chose before: `/subscription/netflix` is French for everyone,
 * as a search engine indexed it. A private page (account, checkout, payment) opened without
 * prefix, as the payment providers and e-mails link them, moves to `/en/…` for a visitor who
 * chose English, so they stay in their language there and in the links they follow.
 */
export function settleLanguageAddress(): Language {
  const { pathname, search, hash } = window.location;
  const { language, path } = splitLanguagePath(pathname);
  if (language !== config.defaultLanguage || isPublicPath(path)) return language;
  const chosen = savedLanguage();
  if (chosen === config.defaultLanguage) return language;
  window.history.replaceState(window.history.state, '', `${languagePath(chosen, path)}${search}${hash}`);
  return chosen;
}

function savedLanguage(): Language {
  try {
    const saved = window.localStorage.getItem(config.languageStorageKey);
    return isLanguage(saved) ? saved : config.defaultLanguage;
  } catch {
    // Storage can be refused (private mode, blocked cookies): as for a first visit.
    return config.defaultLanguage;
  }
}
