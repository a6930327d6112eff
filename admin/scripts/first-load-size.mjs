/**
 * The back-office's first load: the entry script and every module preloaded by the built
 * dist/index.html, each gzipped (zlib level 9, as `gzip -9`) and summed. Exits 1 above the budget.
 *
 *   npm run build -w @shop/admin && npm run size -w @shop/admin
 *   node admin/scripts/first-load-size.mjs path/to/dist     (another build, e.g. ADMIN_DIR)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The first load's budget: 255 KB of gzipped JavaScript. */
export const FIRST_LOAD_BUDGET = 255 * 1024;

/** The scripts a browser fetches before the first screen: entry script first, then the preloads. */
export function firstLoadFiles(distDir) {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
  if (entries.length === 0) throw new Error(`${distDir}/index.html loads no module script: is it a Vite build?`);
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]);
  // URLs are under the app's base (/admin/); the files are under dist/.
  return [...entries, ...preloads].map((url) => {
    const relative = url.replace(/^\/admin\//, '').replace(/^\//, '');
    return { url, file: path.join(distDir, relative) };
  });
}

/** Each first-load file with its raw and gzipped sizes (bytes), and the gzipped total. */
export function measureFirstLoad(distDir) {
  const files = firstLoadFiles(distDir).map(({ url, file }) => {
    const content = readFileSync(file);
    return { url, bytes: content.length, gzipped: gzipSync(content, { level: 9 }).length };
  });
  return { files, total: files.reduce((sum, file) => sum + file.gzipped, 0) };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const print = (line) => process.stdout.write(`${line}\n`);

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const distDir = path.resolve(
    process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist'),
  );
  const { files, total } = measureFirstLoad(distDir);
  for (const file of files) {
    print(`${kb(file.gzipped).padStart(10)}  ${kb(file.bytes).padStart(10)} raw  ${file.url}`);
  }
  const verdict = total > FIRST_LOAD_BUDGET ? 'over' : 'within';
  print(`${kb(total).padStart(10)}  first load, gzip -9 (${verdict} the ${kb(FIRST_LOAD_BUDGET)} budget)`);
  if (total > FIRST_LOAD_BUDGET) process.exitCode = 1;
}
