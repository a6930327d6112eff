import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { dehydrate } from '@tanstack/react-query';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import type { ReportNamespaces } from 'react-i18next';
import { StaticRouter } from 'react-router-dom';
import type { ServerState } from './app';
import { AppProvider } from './app/provider';
import { ShopRoutes } from './app/router';
import type { Language } from './config';
import { planQueryKey } from './features/catalogue/api/get-plan';
import { plansQueryKey } from './features/catalogue/api/get-plans';
import { configureI18n, NAMESPACES } from './lib/i18n';
import { languageBasename } from './lib/language-path';
import { STYLE_NAMES_ATTRIBUTE } from './lib/style-cache';
import { createQueryClient } from './lib/query-client';
import type { Plan } from './types/api';

/** What the server knows of a page before rendering it: its address and the catalogue's answers it shows. */
export interface ServerPage {
  /** The address as asked, with its language prefix (`/en/subscription/netflix`). */
  url: string;
  language: Language;
  /** The plans on sale in `language` (`GET /api/plans`). */
  plans: Plan[];
  /** The plan of a plan page (`GET /api/plans/:id`). */
  plan?: Plan;
  /** Given up after this long: the page is then sent without its body and the browser renders it. */
  timeoutMs?: number;
}

/**
 * One public page rendered on the server with the shop's own screens, every lazy screen and
 * translation it needs awaited, and the query answers it was rendered with, for the browser to
 * hydrate the same tree (src/main.tsx).
 */
export async function renderPage(page: ServerPage): Promise<{ html: string; head: string; state: ServerState }> {
  const i18n = i18next.createInstance();
  await configureI18n(i18n, page.language);
  await i18n.loadNamespaces(NAMESPACES);
  const queryClient = createQueryClient();
  queryClient.setQueryData(plansQueryKey({ language: page.language }), page.plans);
  if (page.plan) queryClient.setQueryData(planQueryKey({ id: page.plan.id, language: page.language }), page.plan);

  const tree = (styles: EmotionCache) => (
    <StrictMode>
      <CacheProvider value={styles}>
        <AppProvider i18n={i18n} queryClient={queryClient}>
          <StaticRouter location={page.url} basename={languageBasename(page.language)}>
            <ShopRoutes />
          </StaticRouter>
        </AppProvider>
      </CacheProvider>
    </StrictMode>
  );
  // In one pass, so the content is in place in the HTML (a streamed render would send a large
  // screen apart, for a script to move). The first time a screen is rendered in this process its
  // chunk is not loaded yet and the pass leaves it to the browser: a full render awaits it, then again.
  let styles = styleCache();
  let html = renderToString(tree(styles));
  let failure: unknown;
  if (html.includes(CLIENT_RENDERED_BOUNDARY)) {
    // Its errors (a timeout among them) are the caller's to report, not React's to print.
    await prerender(tree(styleCache()), {
      signal: AbortSignal.timeout(page.timeoutMs ?? 2000),
      onError: (error) => {
        failure ??= error;
      },
    });
    styles = styleCache();
    html = renderToString(tree(styles));
  }
  // A part left to the browser would be rendered there anew, and reported as a recoverable error:
  // the caller sends the page without its body instead.
  if (html.includes(CLIENT_RENDERED_BOUNDARY)) {
    throw new Error(`${page.url} was not rendered in full`, { cause: failure });
  }
  // The namespaces its screens asked for (react-i18next reports them on the instance), for the
  // browser to load before hydrating.
  const { reportNamespaces } = i18n as { reportNamespaces?: ReportNamespaces };
  const namespaces = reportNamespaces?.getUsedNamespaces() ?? [];
  return { html, head: styleTag(styles), state: { ...dehydrate(queryClient), namespaces } };
}

/**
 * The styles of one render, kept aside rather than written in the body beside each element (what
 * emotion does on a server by default): the page's head then holds them in one tag, which the
 * browser's emotion takes over as it starts instead of moving a hundred tags into the head.
 */
function styleCache(): EmotionCache {
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  return cache;
}

/**
 * The styles of the render as one tag, with the names of the styles it holds for the browser's
 * style cache to count as inserted (src/lib/style-cache.ts). Not emotion's own mark: emotion would
 * move the tag within the head as the shop starts, and the browser take the whole sheet in again.
 */
function styleTag(cache: EmotionCache): string {
  const names: string[] = [];
  let css = '';
  for (const [name, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    names.push(name);
    css += rules;
  }
  return `<style ${STYLE_NAMES_ATTRIBUTE}="${names.join(' ')}">${css.replaceAll('</', '<\\/')}</style>`;
}

/** React's mark of a Suspense boundary that suspended in `renderToString`, sent with its fallback. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';
