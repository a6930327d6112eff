import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { ToastProvider } from '../components/ui/toast-provider';
import { SessionProvider } from '../features/auth/components/session-provider';
import { initI18n } from '../lib/i18n';
import { settleLanguageAddress } from './language-address';
import { createQueryClient } from '../lib/query-client';
import { theme } from './theme';

const appI18n = initI18n(settleLanguageAddress());
const appQueryClient = createQueryClient();

/**
 * The shop's providers around `children`. A screen test passes its own translations (every
 * namespace loaded at once) and query client (no retries), so each test starts from nothing.
 */
export function AppProvider({
  children,
  i18n = appI18n,
  queryClient = appQueryClient,
}: {
  children: ReactNode;
  i18n?: I18n;
  queryClient?: QueryClient;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <ToastProvider>
            <SessionProvider>{children}</SessionProvider>
          </ToastProvider>
        </ThemeProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
