import { createRequire } from 'node:module';
import path from 'node:path';

/** What the shop's and the back-office's Vite configs (web-shop/, admin/) share. */

// In development the API runs separately (npm start at the root); Vite forwards its paths to it.
const API = 'http://localhost:3000';

/**
 * The dev server's proxy: `paths` forwarded to the API. The API takes cookie-authenticated writes
 * only from its own origin (PUBLIC_URL): the page here is on Vite's port, so its Origin is presented
 * as the API's. Only pages on this machine reach Vite.
 */
export function apiProxy(...paths: string[]) {
  return Object.fromEntries(paths.map((prefix) => [prefix, { target: API, headers: { origin: API } }]));
}

/**
 * react-router's package exports only its development build, whose warnings ship to production
 * (remix-run/react-router#12532, #14753). The production build sits next to it, identical but for
 * those warnings; a production bundle takes that one.
 */
export function reactRouterProductionBuild() {
  const dist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router')), '..', 'production');
  return [
    { find: /^react-router$/, replacement: path.join(dist, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(dist, 'dom-export.mjs') },
  ];
}

/** Libraries change less often than the apps: React and the router in a chunk of their own stay cached across deployments. */
export const reactChunk = {
  name: 'react',
  test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
};
