import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { apiProxy, reactChunk, reactRouterProductionBuild } from '../vite.shared';
import { preloadAppPlugin } from './scripts/preload-app';
import { publicPagesPlugin } from './scripts/public-pages-manifest';

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    react(),
    publicPagesPlugin(fileURLToPath(new URL('src/locales', import.meta.url))),
    preloadAppPlugin('src/app/index.tsx'),
  ],
  resolve: { alias: command === 'build' ? reactRouterProductionBuild() : [] },
  // `vite build --ssr src/entry-server.tsx`: the public pages' renderer for the API, beside the
  // shop's files in a folder the static middleware does not serve (dot files are ignored).
  build: isSsrBuild
    ? { outDir: 'dist/.ssr', emptyOutDir: false, copyPublicDir: false }
    : {
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
                reactChunk,
                { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
                { name: 'emotion', test: /node_modules[\\/](@emotion|stylis)[\\/]/ },
                { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
              ],
            },
          },
        },
      },
  // The renderer carries its libraries (React, MUI, i18next…) in itself: the production image
  // installs only the API's dependencies, none of the shop's.
  ssr: { noExternal: true },
  server: {
    proxy: apiProxy('/api', '/sandbox', '/webhooks'),
  },
}));
