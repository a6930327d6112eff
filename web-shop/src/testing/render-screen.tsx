import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppProvider } from '../app/provider';
import { createQueryClient } from '../lib/query-client';
import type { Profile } from '../types/api';
import { json, mockApi, problem, type Routes as ApiRoutes } from './fetch-mock';
import { createTestI18n } from './test-i18n';

export { json, noContent, problem } from './fetch-mock';

interface ScreenOptions {
  /** The route pattern the screen is mounted at, as in src/app/router.tsx (e.g. `/subscription/:id`). */
  path?: string;
  /** Where the visitor is; the route's path when not given. */
  url?: string;
  /** The API's answers; `GET /api/me` answers 401 (signed out) unless `user` is given or a route overrides it. */
  api?: ApiRoutes;
  /** The signed-in customer. */
  user?: Profile;
  language?: 'fr' | 'en';
}

/**
 * Renders one screen inside the shop's own providers (src/app/provider.tsx) and a
 * memory router, the API answered by `api` at fetch. Returns Testing Library's queries, a user to
 * act with, the requests the screen made and where the visitor ended up.
 */
export function renderScreen(ui: ReactElement, options: ScreenOptions = {}) {
  const { path = '/', url = path, user: customer, language } = options;
  const api = mockApi({
    'GET /api/me': () => (customer ? json<Profile>(customer) : problem(401, 'auth.required')),
    ...options.api,
  });
  const queryClient = createQueryClient();
  // A failed request shows its error at once rather than after the client's retries.
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
    mutations: { retry: false },
  });
  const at = { current: url };
  function LocationProbe() {
    const location = useLocation();
    at.current = `${location.pathname}${location.search}`;
    return null;
  }

  const view = render(
    <AppProvider i18n={createTestI18n(language)} queryClient={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <LocationProbe />
        <Suspense fallback={null}>
          <Routes>
            <Route path={path} element={ui} />
            <Route path="*" element={null} />
          </Routes>
        </Suspense>
      </MemoryRouter>
    </AppProvider>,
  );
  return {
    ...view,
    api,
    // No pause between keys: a test types as fast as the screen can take it.
    user: userEvent.setup({ delay: null }),
    location: () => at.current,
  };
}
