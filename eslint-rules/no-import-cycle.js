import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/*
 * Refuses an import that closes a circle of modules: `a.ts` imports `b.ts`, which imports `a.ts`
 * again, directly or through others. Relative imports only (type-only and `import()` included,
 * since they tie the two files as much); packages are kept acyclic by the dependency rule.
 * Each file's imports are read once per run with TypeScript's pre-processor, not its type checker.
 */

const CODE = ['.ts', '.tsx', '.js', '.jsx', '.mjs'];

/** The file a relative specifier names, or null (a JSON file, an asset, a missing file). */
function resolve(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  const candidates = [
    base,
    ...CODE.map((extension) => stem + extension),
    ...CODE.map((extension) => path.join(base, `index${extension}`)),
  ];
  for (const candidate of candidates) {
    if (!CODE.includes(path.extname(candidate))) continue;
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

const importsCache = new Map();

/** The files `file` imports by relative path, as they are on disk now. */
function importsOf(file) {
  let mtime;
  try {
    mtime = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = importsCache.get(file);
  if (cached && cached.mtime === mtime) return cached.targets;
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const targets = importedFiles
    .map((imported) => imported.fileName)
    .filter((specifier) => specifier.startsWith('./') || specifier.startsWith('../'))
    .map((specifier) => resolve(file, specifier))
    .filter((target) => target !== null);
  importsCache.set(file, { mtime, targets });
  return targets;
}

/** A path of imports from `start` back to `goal`, or null. */
function pathBack(start, goal) {
  const seen = new Set([start]);
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [file, trail] = stack.pop();
    for (const next of importsOf(file)) {
      if (next === goal) return [...trail, next];
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push([next, [...trail, next]]);
    }
  }
  return null;
}

export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Refuse an import that closes a circle of modules' },
    messages: {
      cycle: 'This import closes a circle: {{circle}}. Move what both sides need into a module of its own.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !(specifier.startsWith('./') || specifier.startsWith('../'))) return;
      const target = resolve(file, specifier);
      if (target === null || target === file) return;
      const back = pathBack(target, file);
      if (!back) return;
      const circle = [file, ...back].map((step) => path.relative(context.cwd, step)).join(' → ');
      context.report({ node, messageId: 'cycle', data: { circle } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { 'no-import-cycle': noImportCycle } };
