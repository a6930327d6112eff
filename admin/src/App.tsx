import { CustomRoutes, Resource } from 'react-admin';
import { createBrowserRouter, Route, RouterProvider } from 'react-router-dom';
import { LazyDashboard } from './dashboard';
import { i18nProvider } from './i18n/i18n-provider';
import { AdminOnlyPage } from './layout/admin-only-page';
import { TwoFactorRequiredPage } from './layout/two-factor-required-page';
import { ShopAdmin } from './layout/shop-admin';
import { ShopLayout } from './layout/shop-layout';
import { darkTheme, theme } from './layout/theme';
import { authProvider, BASENAME } from './providers/auth-provider';
import { dataProvider } from './providers/data-provider';
import { RESOURCES } from './resources';
import { LazySyncPage } from './sync';
import { LazyFreeOfferPage } from './free-offer';
import { LazyMailPreviewsPage } from './mail-previews';
import { LazyVatReportPage } from './vat-report';

function BackOffice() {
  return (
    // Signing in is the shop's /auth screen (see authProvider): ShopAdmin has no login page.
    <ShopAdmin
      basename={BASENAME}
      title="PremiumShare"
      dashboard={LazyDashboard}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      requireAuth
      layout={ShopLayout}
      accessDenied={AdminOnlyPage}
      // Light or dark as the operator's system prefers, until the app bar's toggle chooses (remembered).
      lightTheme={theme}
      darkTheme={darkTheme}
      disableTelemetry
    >
      {Object.entries(RESOURCES).map(([name, resource]) => (
        <Resource key={name} name={name} {...resource} />
      ))}
      <CustomRoutes noLayout>
        <Route path="/two-factor-required" element={<TwoFactorRequiredPage />} />
      </CustomRoutes>
      <CustomRoutes>
        <Route path="/sync" element={<LazySyncPage />} />
        <Route path="/free-offer" element={<LazyFreeOfferPage />} />
        <Route path="/mail-previews" element={<LazyMailPreviewsPage />} />
        <Route path="/vat-report" element={<LazyVatReportPage />} />
      </CustomRoutes>
    </ShopAdmin>
  );
}

// Real paths (/admin/inquiries/…) rather than react-admin's default hash router; a data router, so
// that forms can warn about unsaved changes.
const router = createBrowserRouter([{ path: `${BASENAME}/*`, element: <BackOffice /> }]);

export function App() {
  return <RouterProvider router={router} />;
}
