import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const APP = fileURLToPath(new URL('../../', import.meta.url));

let checked = false;

/**
 * Node's arguments for a test to start one of the shop's processes: the compiled build
 * (`services/app/dist/main.js` or `shopctl.js`, docs/adr/0032-compiled-build.md), as `npm start`
 * and the production image run it (stack traces pointing at the sources), compiled again first
 * when a source changed since it was made (checked once per test process; the suite's global
 * set-up builds it before any file runs). Started from the TypeScript
 * sources through a loader, a process took two to three times as long, most of it CPU the other
 * test files on the machine wait for.
 *
 *   spawn(process.execPath, [...compiled('shopctl'), 'audit'], { env })
 */
export function compiled(entry: 'main' | 'shopctl'): string[] {
  if (!checked) {
    execFileSync(process.execPath, [path.join(APP, 'build.mjs'), '--if-stale'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    checked = true;
  }
  return ['--enable-source-maps', path.join(APP, 'dist', `${entry}.js`)];
}

/** vitest's global set-up: the build made once, before two test files would each make it at once. */
export default function buildBeforeTheSuite(): void {
  compiled('main');
}
