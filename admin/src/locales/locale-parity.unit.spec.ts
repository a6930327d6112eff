import { describe, expect, it } from 'vitest';
import type { MessageTree } from '../i18n/merge-messages';

// Every area file of every language; a file present in one language only is caught too.
const files = import.meta.glob<MessageTree>('./*/*.json', { eager: true, import: 'default' });

/** The areas of each language: `fr` → `users` → its words. */
function byLanguage(): Map<string, Map<string, MessageTree>> {
  const languages = new Map<string, Map<string, MessageTree>>();
  for (const [path, tree] of Object.entries(files)) {
    const [, language = '', areaFile = ''] = path.split('/');
    const areas = languages.get(language) ?? new Map<string, MessageTree>();
    areas.set(areaFile.replace(/\.json$/, ''), tree);
    languages.set(language, areas);
  }
  return languages;
}

/** `a.b.c` for every word; one that is empty or not a string is reported as such. */
function keys(tree: MessageTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) return keys(value, path);
    return typeof value === 'string' && value.trim() !== '' ? [path] : [`${path} (empty or not a string)`];
  });
}

const languages = byLanguage();

describe("the back-office's words", () => {
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
