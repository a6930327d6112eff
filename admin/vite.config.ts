import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// In development the API runs separately (npm start at the root); Vite forwards its paths to it.
const API = 'http://localhost:3000';
/**
 * The API takes cookie-authenticated writes only from its own origin (PUBLIC_URL): the page here is
 * on Vite's port, so its Origin is presented as the API's. Only pages on this machine reach Vite.
 */
const toApi = { target: API, headers: { origin: API } };

/**
 * react-router's package exports only its development build, whose warnings ship to production
 * (remix-run/react-router#12532, #14753); a production bundle takes the production build next to it.
 * The shop does the same (web-shop/vite.config.ts).
 */
function reactRouterProductionBuild() {
  const dist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router')), '..', 'production');
  return [
    { find: /^react-router$/, replacement: path.join(dist, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(dist, 'dom-export.mjs') },
  ];
}

/**
 * react-admin's `Layout` imports its error page, which sets the page title through `Title`, which
 * brings the title editor and with it MUI's text field and select family: about 14 KB gzipped of
 * the first load for a page shown only after a crash. In a production build, that one import gets
 * the same page loaded on demand (src/layout/lazy-pages.tsx). If a react-admin release moves the
 * import, nothing breaks: the page is bundled as before and the first-load size test says so.
 */
function layoutErrorPageOnDemand(): Plugin {
  const onDemand = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src', 'layout', 'lazy-pages.tsx');
  return {
    name: 'layout-error-page-on-demand',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromLayout = importer?.replaceAll('\\', '/').endsWith('/ra-ui-materialui/dist/layout/Layout.js');
      return source === './Error.js' && fromLayout ? onDemand : null;
    },
  };
}

export default defineConfig(({ command }) => ({
  // The API serves the built back-office under /admin (ADMIN_DIR).
  base: '/admin/',
  plugins: [react(), layoutErrorPageOnDemand()],
  resolve: { alias: command === 'build' ? reactRouterProductionBuild() : [] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the back-office: their own chunks stay cached across our deployments.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': toApi },
  },
}));
