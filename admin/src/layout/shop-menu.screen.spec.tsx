import CssBaseline from '@mui/material/CssBaseline';
import { permissionsOf, type Role } from '@shop/contracts';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { AdminContext, CoreAdminUI, memoryStore, Resource, type AuthProvider } from 'react-admin';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../web-shop/src/testing/fetch-mock';
import { i18nProvider } from '../i18n/i18n-provider';
import { dataProvider } from '../providers/data-provider';
import { rolesAllow } from '../providers/permissions';
import { RESOURCES } from '../resources';
import { ShopLayout } from './shop-layout';
import { theme } from './theme';

/** The back-office's frame as App.tsx mounts it, for a staff member holding `roles` (two-factor on). */
function renderBackOffice(roles: Role[], locale: 'fr' | 'en') {
  mockApi({});
  const auth: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getIdentity: async () => ({ id: 'staff-1', fullName: 'Sam Staff', twoFactorEnabled: true }),
    getPermissions: async () => permissionsOf(roles),
    canAccess: async ({ resource, action }) => !resource || rolesAllow(roles, resource, action),
  };
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <AdminContext
            dataProvider={dataProvider}
            authProvider={auth}
            i18nProvider={i18nProvider}
            queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
            store={memoryStore({ locale })}
            theme={theme}
          >
            <CssBaseline />
            <CoreAdminUI disableTelemetry layout={ShopLayout} dashboard={() => <p>Dashboard</p>}>
              {Object.entries(RESOURCES).map(([name, resource]) => (
                <Resource key={name} name={name} {...resource} />
              ))}
            </CoreAdminUI>
          </AdminContext>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
}

const menuEntries = async () => {
  const menu = await screen.findByRole('menu', {}, { timeout: 8000 });
  // The entries settle once each access check has answered.
  await new Promise((resolve) => setTimeout(resolve, 500));
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent?.replace(/\s*\(.*\)$/, '').trim());
};

describe('the side menu (back-office)', () => {
  it('shows finance what finance does, in French: no inquiries, credentials nor sync', async () => {
    renderBackOffice(['customer', 'finance'], 'fr');
    const entries = await menuEntries();
    expect(entries).toEqual(expect.arrayContaining(['Abonnements', 'Utilisateurs', 'Factures', 'Rapport TVA']));
    for (const hidden of ['Demandes', 'Identifiants', 'Synchronisation']) expect(entries).not.toContain(hidden);
  });

  it('shows support the inquiries and credentials but no invoices, in English', async () => {
    renderBackOffice(['customer', 'support'], 'en');
    const entries = await menuEntries();
    expect(entries).toEqual(expect.arrayContaining(['Inquiries', 'Credentials', 'Subscriptions', 'Users']));
    for (const hidden of ['Invoices', 'VAT report']) expect(entries).not.toContain(hidden);
  });
});
