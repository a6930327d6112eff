/**
 * `dist/public-pages.json`: the shop's public pages and their titles and descriptions in each
 * language, taken from the shop's own translations at build time. The server writes each public
 * page's `<head>` and the sitemap from it (services/app/src/public-pages), so a page's texts are
 * written once, in src/locales.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { NOT_FOUND_PAGE, PLAN_PAGE, PRIVATE_PATHS, PUBLIC_PAGES } from '../src/app/public-pages';
import { config } from '../src/config';
import { ENGLISH_PREFIX } from '../src/lib/language-path';

type Texts = Record<string, string>;

function translator(localesDir: string) {
  const files = new Map<string, unknown>();
  return (key: string): Texts =>
    Object.fromEntries(
      config.languages.map((language) => {
        const [namespace = '', dotted = ''] = key.split(':');
        const file = path.join(localesDir, language, `${namespace}.json`);
        if (!files.has(file)) files.set(file, JSON.parse(readFileSync(file, 'utf8')));
        let value: unknown = files.get(file);
        for (const part of dotted.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
        if (typeof value !== 'string') throw new Error(`public-pages.json: no text ${language}/${key}`);
        return [language, value];
      }),
    );
}

export function publicPagesManifest(localesDir: string) {
  const text = translator(localesDir);
  const entry = (page: { title: string; description: string }) => ({
    title: text(page.title),
    description: text(page.description),
  });
  return {
    brand: config.brand,
    languages: config.languages,
    defaultLanguage: config.defaultLanguage,
    prefixes: { en: ENGLISH_PREFIX },
    pages: PUBLIC_PAGES.map((page) => ({ path: page.path, ...entry(page) })),
    planPage: { prefix: PLAN_PAGE.prefix, ...entry(PLAN_PAGE) },
    notFound: entry(NOT_FOUND_PAGE),
    privatePaths: PRIVATE_PATHS,
  };
}

/** The Vite plugin that writes the file beside index.html. */
export function publicPagesPlugin(localesDir: string): Plugin {
  return {
    name: 'shop-public-pages',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'public-pages.json',
        source: `${JSON.stringify(publicPagesManifest(localesDir), null, 2)}\n`,
      });
    },
  };
}
