import { describe, expect, it } from 'vitest';
import { isPublicPath } from '../app/public-pages';
import { languagePath, splitLanguagePath } from './language-path';

describe('one address per language', () => {
  it('reads the language from the address, French at the root and English under /en/', () => {
    expect(splitLanguagePath('/subscription/netflix')).toEqual({ language: 'fr', path: '/subscription/netflix' });
    expect(splitLanguagePath('/en/subscription/netflix')).toEqual({ language: 'en', path: '/subscription/netflix' });
    expect(splitLanguagePath('/en')).toEqual({ language: 'en', path: '/' });
    expect(splitLanguagePath('/en/')).toEqual({ language: 'en', path: '/' });
    // Only the whole segment: /english is a French address (the 404 page).
    expect(splitLanguagePath('/english')).toEqual({ language: 'fr', path: '/english' });
  });

  it('writes the address of a page in a language', () => {
    expect(languagePath('fr', '/subscription/netflix')).toBe('/subscription/netflix');
    expect(languagePath('en', '/subscription/netflix')).toBe('/en/subscription/netflix');
    expect(languagePath('en', '/')).toBe('/en/');
    expect(languagePath('fr', '/')).toBe('/');
  });

  it('tells the public pages from the private ones', () => {
    for (const path of ['/', '/subscriptions', '/subscription/netflix', '/help', '/terms', '/cookies/']) {
      expect(isPublicPath(path), path).toBe(true);
    }
    for (const path of ['/auth', '/checkout/netflix', '/profile', '/subscription/a/b', '/no-such-page']) {
      expect(isPublicPath(path), path).toBe(false);
    }
  });
});
