import CssBaseline from '@mui/material/CssBaseline';
import type { ComponentProps } from 'react';
import {
  AccessDenied,
  AdminContext,
  AuthCallback,
  CoreAdminUI,
  LoadingPage,
  localStorageStore,
  Notification,
} from 'react-admin';
import { AuthenticationErrorPage, ErrorPage, NotFoundPage } from './lazy-pages';

const store = localStorageStore();

/** `<Admin>`'s screens for access denied, sign-in callbacks, errors, unknown pages and loading, unless told otherwise. */
const PAGES = {
  accessDenied: AccessDenied,
  authCallbackPage: AuthCallback,
  authenticationError: AuthenticationErrorPage,
  catchAll: NotFoundPage,
  error: ErrorPage,
  loading: LoadingPage,
};

type ShopAdminProps = Omit<ComponentProps<typeof AdminContext>, 'store'> &
  Omit<ComponentProps<typeof CoreAdminUI>, 'loginPage'>;

/**
 * react-admin's `<Admin>` without its login page: the same contexts (data, auth, i18n, router,
 * theme, store) and the same screens for errors, loading, access denied and notifications.
 * `<Admin>` imports its default login form and its default English messages even when neither is
 * used; signing in is the shop's screen here and English messages come on request, so leaving them
 * out keeps a form library and a text field family out of the back-office's first load.
 */
export function ShopAdmin({
  authProvider,
  basename,
  dataProvider,
  i18nProvider,
  queryClient,
  routerProvider,
  theme,
  lightTheme,
  darkTheme,
  defaultTheme,
  children,
  ...ui
}: ShopAdminProps) {
  const context = { authProvider, basename, dataProvider, i18nProvider, queryClient, routerProvider };
  const themes = { theme, lightTheme, darkTheme, defaultTheme };
  return (
    <AdminContext {...context} {...themes} store={store}>
      <CssBaseline enableColorScheme>
        <CoreAdminUI {...PAGES} {...ui} loginPage={false}>
          {children}
        </CoreAdminUI>
        <Notification />
      </CssBaseline>
    </AdminContext>
  );
}
