import { Admin, Resource } from 'react-admin';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { i18nProvider } from './i18n/i18n-provider';
import { AdminOnlyPage } from './layout/admin-only-page';
import { ShopLayout } from './layout/shop-layout';
import { theme } from './layout/theme';
import { authProvider, BASENAME } from './providers/auth-provider';
import { dataProvider } from './providers/data-provider';
import credentials from './resources/credentials';
import inquiries from './resources/inquiries';
import subscriptions from './resources/subscriptions';
import users from './resources/users';

function BackOffice() {
  return (
    <Admin
      basename={BASENAME}
      title="PremiumShare"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      // Signing in is the shop's /auth screen (see authProvider): no login page of our own.
      loginPage={false}
      requireAuth
      layout={ShopLayout}
      accessDenied={AdminOnlyPage}
      theme={theme}
      darkTheme={null}
      disableTelemetry
    >
      <Resource name="inquiries" {...inquiries} />
      <Resource name="subscriptions" {...subscriptions} />
      <Resource name="credentials" {...credentials} />
      <Resource name="users" {...users} />
    </Admin>
  );
}

// Real paths (/admin/inquiries/…) rather than react-admin's default hash router; a data router, so
// that forms can warn about unsaved changes.
const router = createBrowserRouter([{ path: `${BASENAME}/*`, element: <BackOffice /> }]);

export function App() {
  return <RouterProvider router={router} />;
}
