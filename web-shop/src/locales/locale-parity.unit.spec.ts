import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

// Every namespace file of every language; a file present in one language only is caught too.
const files = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });

function byLanguage(): Map<string, Map<string, Tree>> {
  const languages = new Map<string, Map<string, Tree>>();
  for (const [path, tree] of Object.entries(files)) {
    const [, language = '', namespaceFile = ''] = path.split('/');
    const namespaces = languages.get(language) ?? new Map<string, Tree>();
    namespaces.set(namespaceFile.replace(/\.json$/, ''), tree);
    languages.set(language, namespaces);
  }
  return languages;
}

/** `a.b.c` for every leaf; a leaf that is empty or not a string is reported as such. */
function leaves(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) return leaves(value, path);
    return typeof value === 'string' && value.trim() !== '' ? [path] : [`${path} (empty or not a string)`];
  });
}

const languages = byLanguage();

describe('locales', () => {
  it('has French and English', () => {
    expect([...languages.keys()].sort()).toEqual(['en', 'fr']);
  });

  it('has the same namespaces in every language', () => {
    const fr = [...(languages.get('fr')?.keys() ?? [])].sort();
    const en = [...(languages.get('en')?.keys() ?? [])].sort();
    expect(fr.length).toBeGreaterThan(0);
    expect(en).toEqual(fr);
  });

  for (const namespace of languages.get('fr')?.keys() ?? []) {
    it(`has the same keys in fr and en for "${namespace}"`, () => {
      const fr = leaves(languages.get('fr')?.get(namespace) ?? {});
      const en = leaves(languages.get('en')?.get(namespace) ?? {});
      expect({ missingInEnglish: fr.filter((key) => !en.includes(key)) }).toEqual({ missingInEnglish: [] });
      expect({ missingInFrench: en.filter((key) => !fr.includes(key)) }).toEqual({ missingInFrench: [] });
      expect(fr.filter((key) => key.endsWith('(empty or not a string)'))).toEqual([]);
    });
  }
});
