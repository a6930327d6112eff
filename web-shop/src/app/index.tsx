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
 * Makes the first render of a page the server rendered match its HTML, and finish at once: its
 * answers in the query cache, its screen's chunk and its translations loaded. A part still loading
 * when an update (the signed-in account, say) reaches it would be rendered anew, its loader
 * showing for a moment over the server's content.
 */
export async function receiveServerState(state: ServerState): Promise<void> {
  hydrate(appQueryClient, state);
  await Promise.all([
    appI18n.loadNamespaces(state.namespaces),
    loadScreenAt(splitLanguagePath(window.location.pathname).path),
  ]);
}

export function App() {
  return (
    <AppProvider i18n={appI18n} queryClient={appQueryClient}>
      <AppRouter />
    </AppProvider>
  );
}
