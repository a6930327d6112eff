import { CacheProvider } from '@emotion/react';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { initI18n } from '../lib/i18n';
import { splitLanguagePath } from '../lib/language-path';
import { createQueryClient } from '../lib/query-client';
import { browserStyleCache } from '../lib/style-cache';
import { settleLanguageAddress } from './language-address';
import { AppProvider } from './provider';
import { AppRouter, loadScreenAt } from './router';

const appI18n = initI18n(settleLanguageAddress());
const appQueryClient = createQueryClient();
const appStyleCache = browserStyleCache();

/** What the server rendered a page with (src/entry-server.tsx): the query answers it showed and the translations it used. */
export type ServerState = DehydratedState & { namespaces: string[] };

/**
 * Makes the first render of a page the server rendered match its HTML: its answers in the query
 * cache, then, once resolved, its screen's code and its translations at hand, for React to hydrate
 * the whole page without waiting for either (a screen still loading when an update reached it would
 * be rendered anew, its loader showing for a moment). A chunk or translation that cannot be loaded
 * resolves too: rendering the screen then says so.
 */
export async function receiveServerState(state: ServerState): Promise<void> {
  hydrate(appQueryClient, state);
  await Promise.all([
    appI18n.loadNamespaces(state.namespaces).catch(() => undefined),
    loadScreenAt(splitLanguagePath(window.location.pathname).path).catch(() => undefined),
  ]);
}

export function App() {
  return (
    <CacheProvider value={appStyleCache}>
      <AppProvider i18n={appI18n} queryClient={appQueryClient}>
        <AppRouter />
      </AppProvider>
    </CacheProvider>
  );
}
