import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { initI18n } from '../lib/i18n';
import { splitLanguagePath } from '../lib/language-path';
import { createQueryClient } from '../lib/query-client';
import { settleLanguageAddress } from './language-address';
import { AppProvider } from './provider';
import { AppRouter, loadScreenAt } from './router';

const appI18n = initI18n(settleLanguageAddress());
const appQueryClient = createQueryClient();

/** What the server rendered a page with (src/entry-server.tsx): the query answers it showed and the translations it used. */
export type ServerState = DehydratedState & { namespaces: string[] };

/**
 * Makes the first render of a page the server rendered match its HTML: its answers in the query
 * cache. Its screen's chunk and its translations are asked for at once rather than when hydration
 * reaches them; until they arrive React keeps the server's HTML of the screen and hydrates it after.
 */
export function receiveServerState(state: ServerState): void {
  hydrate(appQueryClient, state);
  void appI18n.loadNamespaces(state.namespaces);
  // A chunk that cannot be loaded fails again when the screen renders, which says so.
  loadScreenAt(splitLanguagePath(window.location.pathname).path).catch(() => undefined);
}

export function App() {
  return (
    <AppProvider i18n={appI18n} queryClient={appQueryClient}>
      <AppRouter />
    </AppProvider>
  );
}
