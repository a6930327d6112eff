import { describe, expect, it } from 'vitest';

/** A language's words for one area (one JSON file): nested keys, each leaf a non-empty string. */
export type LocaleTree = { [key: string]: string | LocaleTree };

/** The areas of each language, from files keyed `./fr/users.json`: `fr` → `users` → its words. */
function byLanguage(files: Record<string, LocaleTree>): Map<string, Map<string, LocaleTree>> {
  const languages = new Map<string, Map<string, LocaleTree>>();
  for (const [path, tree] of Object.entries(files)) {
    const [, language = '', areaFile = ''] = path.split('/');
    const areas = languages.get(language) ?? new Map<string, LocaleTree>();
    areas.set(areaFile.replace(/\.json$/, ''), tree);
    languages.set(language, areas);
  }
  return languages;
}

/** `a.b.c` for every word; one that is empty or not a string is reported as such. */
function keys(tree: LocaleTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) return keys(value, path);
    return typeof value === 'string' && value.trim() !== '' ? [path] : [`${path} (empty or not a string)`];
  });
}

/**
 * Tests that an app's words are in French and English, with the same area files and the same keys
 * in both, none empty. `files` is every area file of every language, as the app's spec globs them
 * with `import.meta.glob`, keyed `./<language>/<area>.json`, so that a file present in one language
 * only is caught too.
 */
export function describeLocaleParity(title: string, files: Record<string, LocaleTree>): void {
  const languages = byLanguage(files);

  describe(title, () => {
    it('are in French and English', () => {
      expect([...languages.keys()].sort()).toEqual(['en', 'fr']);
    });

    it('have the same areas in both languages', () => {
      const fr = [...(languages.get('fr')?.keys() ?? [])].sort();
      expect(fr.length).toBeGreaterThan(0);
      expect([...(languages.get('en')?.keys() ?? [])].sort()).toEqual(fr);
    });

    for (const area of languages.get('fr')?.keys() ?? []) {
      it(`have the same keys in French and English for "${area}"`, () => {
        const fr = keys(languages.get('fr')?.get(area) ?? {});
        const en = keys(languages.get('en')?.get(area) ?? {});
        expect({ missingInEnglish: fr.filter((key) => !en.includes(key)) }).toEqual({ missingInEnglish: [] });
        expect({ missingInFrench: en.filter((key) => !fr.includes(key)) }).toEqual({ missingInFrench: [] });
        expect([...fr, ...en].filter((key) => key.endsWith('(empty or not a string)'))).toEqual([]);
      });
    }
  });
}
