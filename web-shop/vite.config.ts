import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs separately (npm start at the root); Vite forwards its paths to it.
const API = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the shop: their own chunks stay cached across our deployments.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
            { name: 'emotion', test: /node_modules[\\/](@emotion|stylis)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': API, '/sandbox': API, '/webhooks': API },
  },
});
