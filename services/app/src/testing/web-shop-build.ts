import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB_SHOP = fileURLToPath(new URL('../../../../web-shop', import.meta.url));

/**
 * The shop's real build into `outDir`, as `npm run build -w @shop/web-shop` makes it: its files,
 * `index.html` and the texts of its pages (`public-pages.json`), and its server renderer in
 * `.ssr/`, where the API looks for it.
 */
export function buildWebShop(outDir: string): void {
  const vite = (...args: string[]) =>
    // A production build, whatever the test runner set: React's JSX transform is chosen when
    // building, its runtime by NODE_ENV when running, and the compiled server runs in production.
    execFileSync('npx', ['vite', 'build', ...args, '--logLevel', 'error'], {
      cwd: WEB_SHOP,
      env: { ...process.env, NODE_ENV: 'production' },
    });
  vite('--outDir', outDir, '--emptyOutDir');
  vite('--ssr', 'src/entry-server.tsx', '--outDir', path.join(outDir, '.ssr'));
}
