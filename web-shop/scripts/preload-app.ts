/**
 * The shop's entry (src/main.tsx) imports the shop's code on demand, so that evaluating it is a
 * task apart from evaluating React; this lists that code and what it imports among index.html's
 * module preloads anyway, so the browser fetches it with the entry rather than after it.
 */
import type { Plugin, Rollup } from 'vite';

export function preloadAppPlugin(appModule: string): Plugin {
  return {
    name: 'shop-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
        const app = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(appModule));
        if (!app) throw new Error(`preload-app: no chunk for ${appModule}`);
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          for (const imported of chunks.find((chunk) => chunk.fileName === file)?.imports ?? []) visit(imported);
        };
        visit(app.fileName);
        const links = [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
        return html.replace('</head>', () => `  ${links.join('\n    ')}\n  </head>`);
      },
    },
  };
}
