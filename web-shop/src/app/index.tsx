import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { initI18n } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { settleLanguageAddress } from './language-address';
import { AppProvider } from './provider';
import { AppRouter } from './router';

const appI18n = initI18n(settleLanguageAddress());
const appQueryClient = createQueryClient();

/** The answers the server rendered the page with (src/entry-server.tsx), so the first render matches its HTML. */
export function receiveServerState(state: DehydratedState): void {
  hydrate(appQueryClient, state);
}

export function App() {
  return (
    <AppProvider i18n={appI18n} queryClient={appQueryClient}>
      <AppRouter />
    </AppProvider>
  );
}
