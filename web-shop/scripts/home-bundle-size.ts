/**
 * How much JavaScript the home page downloads, gzipped, read from a build's manifest.
 *
 *   cd web-shop && npx vite build --outDir /tmp/shop-dist --emptyOutDir
 *   npx tsx web-shop/scripts/home-bundle-size.ts /tmp/shop-dist
 *
 * Counted: the entry and everything it imports statically, the shop's code it imports next (the
 * modulepreloads of index.html), the home route's chunk and its static imports, and the French
 * translations the home page asks for.
 * Chunks the home page only imports on demand (dialogs, below-the-fold sections) are listed apart.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Source modules whose chunks the first visit of `/` (in French) loads. */
const HOME_ROOTS = [
  'index.html',
  // Imported by the entry once React is evaluated, and preloaded from index.html (scripts/preload-app.ts).
  'src/app/index.tsx',
  'src/app/routes/home.tsx',
  'src/locales/fr/catalogue.json',
  'src/locales/fr/home.json',
];

const dist = path.resolve(process.argv[2] ?? 'web-shop/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;

/** The keys of `roots` and of everything they import statically. */
function staticClosure(roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the manifest of ${dist}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const root of roots) visit(root);
  return seen;
}

const gzippedSize = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function report(title: string, keys: Iterable<string>): number {
  const rows = [...new Set([...keys].map((key) => manifest[key]?.file ?? key))]
    .map((file) => ({ file, gzip: gzippedSize(file) }))
    .sort((a, b) => b.gzip - a.gzip);
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  console.log(`\n${title}: ${kb(total)} gzipped in ${rows.length} files`);
  for (const row of rows) console.log(`  ${kb(row.gzip).padStart(9)}  ${row.file}`);
  return total;
}

const loaded = staticClosure(HOME_ROOTS);
const onDemand = new Set<string>();
for (const key of loaded)
  for (const dynamic of manifest[key]?.dynamicImports ?? [])
    if (dynamic.startsWith('src/features/') || dynamic.startsWith('src/components/'))
      for (const imported of staticClosure([dynamic])) if (!loaded.has(imported)) onDemand.add(imported);

report('The home page loads', loaded);
if (onDemand.size > 0) report('Loaded later, on demand', onDemand);
