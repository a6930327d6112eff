import CssBaseline from '@mui/material/CssBaseline';
import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import {
  AdminContext,
  CoreAdminUI,
  memoryStore,
  Notification,
  Resource,
  type AuthProvider,
  type DashboardComponent,
  type ResourceProps,
} from 'react-admin';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { i18nProvider } from '../i18n/i18n-provider';
import { theme } from '../layout/theme';
import { permissionsOf, type Role } from '@shop/contracts';
import { dataProvider } from '../providers/data-provider';
import { rolesAllow } from '../providers/permissions';
import { mockApi, type Reply, type Routes } from '../../../web-shop/src/testing/fetch-mock';

// One fetch mock for both apps: the shop's answers react-admin's requests as well.
export { json, noContent, problem, type ApiCall, type Routes } from '../../../web-shop/src/testing/fetch-mock';

/**
 * Clicks "Enregistrer" as a user does: once it is enabled. react-admin disables it while the form
 * validates or saves, and a click that lands then (a busy machine) finds it inert.
 */
export async function clickSave(user: UserEvent): Promise<void> {
  const save = screen.getByRole('button', { name: 'Enregistrer' });
  await waitFor(() => {
    if ((save as HTMLButtonElement).disabled) throw new Error('the save button is still disabled');
  });
  await user.click(save);
}

/** The window's width, as a phone turned or a window resized makes it (the test DOM's own viewport). */
export function resizeWindow(width: number): void {
  act(() => {
    (window as unknown as { happyDOM: { setViewport(size: { width: number }): void } }).happyDOM.setViewport({ width });
  });
}

/** A ra-data-simple-rest list answer: the rows and the `Content-Range` header react-admin reads the total from. */
export function page<T>(resource: string, rows: T[], total = rows.length): Reply {
  const last = Math.max(rows.length - 1, 0);
  return {
    status: 200,
    body: rows,
    headers: { 'content-range': `${resource} 0-${last}/${total}`, 'access-control-expose-headers': 'Content-Range' },
  };
}

/** The list route react-admin's reference fields read (getMany): the rows whose ids the filter names. */
export const byIds =
  <T extends { id: string }>(resource: string, rows: readonly T[]): Routes[string] =>
  ({ query }) => {
    const { id: ids = [] } = JSON.parse(query.get('filter') ?? '{}') as { id?: string[] };
    return page<T>(
      resource,
      rows.filter((row) => ids.includes(row.id)),
    );
  };

interface ResourceOptions {
  /** The back-office path without its `/admin` basename, e.g. `/subscriptions/sub-1/show`. */
  url: string;
  api: Routes;
  /** Other resources the screen refers to (a plan filter reads `plans`); registered without screens. */
  references?: string[];
  children?: ReactNode;
  /** The home page, as App.tsx gives it (the dashboard), at `/`. */
  dashboard?: DashboardComponent;
  /** The operator's language as the store remembers it; French when left out. */
  locale?: 'fr' | 'en';
  /** The signed-in staff member's roles, for screens that hide what a role cannot do; all is shown when left out. */
  roles?: Role[];
}

/** An authentication provider that only answers what the roles allow (see providers/permissions.ts). */
const staffAuth = (roles: Role[]): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => permissionsOf(roles),
  canAccess: async ({ resource, action }) => !resource || rolesAllow(roles, resource, action),
});

/** react-admin's contexts as `App.tsx` gives them (the real data provider, the French messages unless `locale` says, the theme) and its notifications. */
function ShopAdminContext({
  locale,
  authProvider,
  children,
}: {
  locale?: 'fr' | 'en';
  authProvider?: AuthProvider;
  children: ReactNode;
}) {
  // Made once: a render of the frame keeps the screen's cache and remembered settings.
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }),
  );
  const [store] = useState(() => memoryStore(locale ? { locale } : undefined));
  return (
    <AdminContext
      dataProvider={dataProvider}
      {...(authProvider ? { authProvider } : {})}
      i18nProvider={i18nProvider}
      queryClient={queryClient}
      store={store}
      theme={theme}
    >
      {children}
      <Notification />
    </AdminContext>
  );
}

/**
 * Renders one back-office resource as `App.tsx` mounts it (react-admin's contexts, the real
 * ra-data-simple-rest provider on `/api/admin`, the French messages, the theme, notifications) in
 * a memory router at `url`, the API answered by `api` at fetch. No authentication provider unless
 * `roles` are given (the screens then hide what those roles cannot do); the API enforces them.
 */
export function renderResource(name: string, resource: Omit<ResourceProps, 'name'>, options: ResourceOptions) {
  const api = mockApi(options.api);
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <ShopAdminContext locale={options.locale} authProvider={options.roles && staffAuth(options.roles)}>
            <CssBaseline />
            <CoreAdminUI disableTelemetry dashboard={options.dashboard}>
              <Resource name={name} {...resource} />
              {(options.references ?? []).map((reference) => (
                <Resource key={reference} name={reference} />
              ))}
            </CoreAdminUI>
          </ShopAdminContext>
        ),
      },
    ],
    { initialEntries: [options.url] },
  );
  const view = render(<RouterProvider router={router} />);
  return {
    ...view,
    api,
    // No pause between keys: a test types as fast as the screen can take it.
    user: userEvent.setup({ delay: null }),
    location: () => `${router.state.location.pathname}${router.state.location.search}`,
  };
}

/** Renders a page that is not a resource (a custom route's, such as the sync tab) in the same contexts, the API answered by `api`. */
export function renderPage(page: ReactNode, options: { api: Routes; locale?: 'fr' | 'en' }) {
  const api = mockApi(options.api);
  render(
    <MemoryRouter>
      <ShopAdminContext locale={options.locale}>{page}</ShopAdminContext>
    </MemoryRouter>,
  );
  return { api, user: userEvent.setup({ delay: null }) };
}
