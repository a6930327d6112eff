import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const texts = z.record(z.string(), z.string());
const pageTexts = z.object({ title: texts, description: texts });

/** `public-pages.json`, written by the shop's build (web-shop/scripts/public-pages-manifest.ts). */
const publicPagesFile = z.object({
  brand: z.string(),
  languages: z.array(z.string()).min(1),
  defaultLanguage: z.string(),
  prefixes: z.record(z.string(), z.string()),
  pages: z.array(pageTexts.extend({ path: z.string().startsWith('/') })),
  planPage: pageTexts.extend({ prefix: z.string() }),
  notFound: pageTexts,
  privatePaths: z.array(z.string().startsWith('/')),
});
export type PublicPagesFile = z.infer<typeof publicPagesFile>;
export type PageTexts = z.infer<typeof pageTexts>;

/** The shop build's list of public pages and their texts; null for a build without it (older build, development). */
export function readPublicPages(webShopDir: string): PublicPagesFile | null {
  let raw: string;
  try {
    raw = readFileSync(path.join(webShopDir, 'public-pages.json'), 'utf8');
  } catch {
    return null;
  }
  return publicPagesFile.parse(JSON.parse(raw));
}

/** `{{name}}` in a text replaced by its value. */
export function interpolate(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}
