#!/usr/bin/env node
// Compiles the shop's processes into services/app/dist/ (docs/adr/0032-compiled-build.md):
//   main.js     the api, projector and worker roles (`node services/app/dist/main.js [role]`)
//   shopctl.js  the operator's CLI
// The workspace packages (@shop/*) are bundled in from their TypeScript sources; every npm
// package stays external and is loaded from node_modules, as the production install provides it.
//
//   node services/app/build.mjs             build
//   node services/app/build.mjs --if-stale  build only when a source the bundles were made from changed
/* global console, process, URL */
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const APP = fileURLToPath(new URL('./', import.meta.url));
const ROOT = path.resolve(APP, '../..');
const DIST = path.join(APP, 'dist');
const META = path.join(DIST, 'meta.json');

const ENTRIES = { main: 'src/main.ts', shopctl: 'src/cli/shopctl.ts' };

/**
 * Files the code reads next to itself (`new URL('./x/', import.meta.url)`): in the bundle that
 * URL is relative to dist/, so each folder is copied there under the same name.
 */
const ASSETS = { templates: 'src/mail/templates', 'api-reference': 'src/api/api-reference' };

/** Keeps every bare import but the workspace's own packages out of the bundle. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@shop/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Compiles the bundles into dist/ (esbuild, a devDependency, is loaded only here). They are
 * written into a folder of this build first and swapped in whole, so a running process never sees
 * half a dist/; that folder is named dist too, so what a killed build leaves is ignored as dist/ is.
 */
export async function build() {
  const started = new Date();
  const esbuild = await import('esbuild');
  const work = path.join(APP, `.build-${process.pid}`);
  const next = path.join(work, 'dist');
  rmSync(work, { recursive: true, force: true });
  try {
    const result = await esbuild.build({
      absWorkingDir: APP,
      entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, source]) => [name, path.join(APP, source)])),
      // Laid out (source map paths included) for dist/, written into `next`.
      outdir: DIST,
      write: false,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20.19',
      sourcemap: 'linked',
      // Bundling renames clashing functions and classes; their names (error names in logs) stay as written.
      keepNames: true,
      legalComments: 'none',
      metafile: true,
      logLevel: 'warning',
      plugins: [npmPackagesExternal],
    });
    for (const file of result.outputFiles) {
      const target = path.join(next, path.relative(DIST, file.path));
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, file.contents);
    }
    for (const [folder, source] of Object.entries(ASSETS)) {
      cpSync(path.join(APP, source), path.join(next, folder), { recursive: true });
    }
    checkFilesBesideTheBundles(next);
    checkExternalsAreDependencies(result.metafile);
    writeInputs(result.metafile, path.join(next, 'meta.json'), started);
    swapIn(next, path.join(work, 'previous', 'dist'));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  // On stderr: shopctl builds on demand before it runs, and its standard output may be read by a script.
  console.error(
    `Server compiled into ${path.relative(process.cwd(), DIST) || '.'} in ${Date.now() - started.getTime()} ms`,
  );
}

/**
 * Replaces dist/ by `next`, each a rename: the old one is moved aside and removed afterwards. A
 * build swapping its own in at the same moment makes the rename fail; then this one tries again.
 */
function swapIn(next, old) {
  mkdirSync(path.dirname(old), { recursive: true });
  for (let attempt = 1; ; attempt++) {
    try {
      if (existsSync(DIST)) renameSync(DIST, old);
      renameSync(next, DIST);
      break;
    } catch (error) {
      if (attempt === 5 || !['ENOENT', 'ENOTEMPTY', 'EEXIST'].includes(error.code)) throw error;
    } finally {
      rmSync(old, { recursive: true, force: true });
    }
  }
}

/**
 * The sources and assets the bundles were made from, for --if-stale, dated when the build
 * started: a file saved during the build is newer, and the next start builds again.
 */
function writeInputs(metafile, file, started) {
  const sources = Object.keys(metafile.inputs).map((input) => path.resolve(APP, input));
  const assets = Object.values(ASSETS).flatMap((folder) =>
    readdirSync(path.join(APP, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name)),
  );
  const inputs = [...sources, ...assets].map((input) => path.relative(ROOT, input));
  writeFileSync(file, `${JSON.stringify({ inputs }, null, 2)}\n`);
  utimesSync(file, started, started);
}

/** Every `new URL('./…', import.meta.url)` that lands inside dist/ must find its file there. */
function checkFilesBesideTheBundles(dist) {
  for (const name of Object.keys(ENTRIES)) {
    const code = readFileSync(path.join(dist, `${name}.js`), 'utf8');
    for (const [, relative] of code.matchAll(/new URL\(\s*["'](\.{1,2}\/[^"']*)["']\s*,\s*import\.meta\.url\s*\)/g)) {
      const target = fileURLToPath(new URL(relative, pathToFileURL(path.join(dist, `${name}.js`))));
      const inside = !path.relative(dist, target).startsWith('..');
      if (inside && !existsSync(target)) {
        throw new Error(
          `dist/${name}.js reads ${relative} beside itself, which the build does not copy (ASSETS in build.mjs)`,
        );
      }
    }
  }
}

/**
 * Every npm package the bundles import must be a production dependency of @shop/app or of a
 * bundled workspace package: `npm ci --omit=dev` installs those and nothing else.
 */
function checkExternalsAreDependencies(metafile) {
  const manifests = [path.join(APP, 'package.json')];
  for (const input of Object.keys(metafile.inputs)) {
    const match = /^(.*?)\/src\//.exec(path.relative(ROOT, path.resolve(APP, input)));
    if (match) manifests.push(path.join(ROOT, match[1], 'package.json'));
  }
  const dependencies = new Set(
    [...new Set(manifests)].flatMap((file) => Object.keys(JSON.parse(readFileSync(file, 'utf8')).dependencies ?? {})),
  );
  const missing = new Set();
  for (const output of Object.values(metafile.outputs)) {
    for (const { path: specifier, external } of output.imports) {
      if (!external || isBuiltin(specifier)) continue;
      const name = specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/');
      if (!dependencies.has(name)) missing.add(name);
    }
  }
  if (missing.size > 0) {
    throw new Error(`The server imports ${[...missing].join(', ')}, which no production dependency declares`);
  }
}

/** No bundle, or a source (or an asset) changed since it was made. Without sources (a production install), never. */
function stale() {
  if (!existsSync(path.join(APP, 'src'))) return false;
  const built = [...Object.keys(ENTRIES).map((name) => `${name}.js`), ...Object.keys(ASSETS), 'meta.json'];
  if (built.some((file) => !existsSync(path.join(DIST, file)))) return true;
  const builtAt = statSync(META).mtimeMs;
  const { inputs } = JSON.parse(readFileSync(META, 'utf8'));
  return inputs.some((input) => {
    const file = path.join(ROOT, input);
    return !existsSync(file) || statSync(file).mtimeMs > builtAt;
  });
}

/** What `npm start` and shopctl do first in a source checkout: a bundle never runs older code than the sources. */
export async function buildIfStale() {
  if (stale()) await build();
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await (process.argv.includes('--if-stale') ? buildIfStale() : build());
}
