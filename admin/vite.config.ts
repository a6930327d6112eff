import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { apiProxy, reactChunk, reactRouterProductionBuild } from '../vite.shared';

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
        codeSplitting: { groups: [reactChunk] },
      },
    },
  },
  server: {
    proxy: apiProxy('/api'),
  },
}));
