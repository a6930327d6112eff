import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import localRules from '../../eslint-rules/no-import-cycle.js';

const folder = mkdtempSync(path.join(tmpdir(), 'import-cycle-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function write(files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
    writeFileSync(path.join(folder, name), text);
  }
}

async function circles(files: string[]): Promise<string[]> {
  const eslint = new ESLint({
    cwd: folder,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts', '**/*.tsx'],
        languageOptions: { parser: tseslint.parser },
        plugins: { local: localRules },
        rules: { 'local/no-import-cycle': 'error' },
      },
    ],
  });
  const results = await eslint.lintFiles(files);
  return results.flatMap((result) => result.messages.map((message) => message.message));
}

describe('the import-cycle rule', () => {
  it('refuses a circle through several modules, type-only imports and import() included', async () => {
    write({
      'ring/a.ts': "import { b } from './b.js';\nexport const a = b;\n",
      'ring/b.ts': "import { c } from './nested/c';\nexport const b = c;\n",
      'ring/nested/c.ts': "import type { a } from '../a.js';\nexport const c = 1;\nexport type A = typeof a;\n",
      'lazy/view.tsx': "export type { Shape } from './provider';\n",
      'lazy/provider.tsx': "export interface Shape { id: number }\nexport const load = () => import('./view');\n",
    });
    const found = await circles(['ring/a.ts', 'lazy/provider.tsx']);
    expect(found).toEqual([
      expect.stringContaining('ring/a.ts → ring/b.ts → ring/nested/c.ts → ring/a.ts'),
      expect.stringContaining('lazy/provider.tsx → lazy/view.tsx → lazy/provider.tsx'),
    ]);
  });

  it('accepts a tree of imports, packages and files that are not code', async () => {
    write({
      'tree/shared.ts': 'export const shared = 1;\n',
      'tree/left.ts':
        "import { shared } from './shared.js';\nimport data from './data.json';\nexport const left = shared + data;\n",
      'tree/right.ts':
        "import { shared } from './shared.js';\nimport { z } from 'zod';\nexport const right = [shared, z];\n",
      'tree/data.json': '1',
    });
    expect(await circles(['tree/shared.ts', 'tree/left.ts', 'tree/right.ts'])).toEqual([]);
  });
});
