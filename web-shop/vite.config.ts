import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs separately (npm start at the root); Vite forwards its paths to it.
const API = 'http://localhost:3000';
/**
 * The API takes cookie-authenticated writes only from its own origin (PUBLIC_URL): the page here is
 * on Vite's port, so its Origin is presented as the API's. Only pages on this machine reach Vite.
 */
const toApi = { target: API, headers: { origin: API } };

/**
 * react-router's package exports only its development build, whose warnings ship to production
 * (remix-run/react-router#12532, #14753). The production build sits next to it, identical but for
 * those warnings; a production bundle takes that one.
 */
function reactRouterProductionBuild() {
  const dist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router')), '..', 'production');
  return [
    { find: /^react-router$/, replacement: path.join(dist, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(dist, 'dom-export.mjs') },
  ];
}

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: { alias: command === 'build' ? reactRouterProductionBuild() : [] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: what each screen loads, read by scripts/home-bundle-size.ts.
    manifest: true,
    rolldownOptions: {
      // The icons module defines every icon of the shop; a screen should carry only those it shows.
      treeshake: { manualPureFunctions: ['createSvgIcon'] },
      output: {
        // Libraries change less often than the shop: their own chunks stay cached across our deployments.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
            { name: 'emotion', test: /node_modules[\\/](@emotion|stylis)[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': toApi, '/sandbox': toApi, '/webhooks': toApi },
  },
}));
