import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { ToastProvider } from '../components/ui/toast-provider';
import { SessionProvider } from '../features/auth/components/session-provider';
import { theme } from './theme';

/**
 * The shop's providers around `children`, with the translations and query client of the browser
 * (src/app/index.tsx), of one request on the server (src/entry-server.tsx) or of a screen test
 * (every namespace loaded at once, no retries), so each test starts from nothing.
 */
export function AppProvider({
  children,
  i18n,
  queryClient,
}: {
  children: ReactNode;
  i18n: I18n;
  queryClient: QueryClient;
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
