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
  /** The API's answers; `GET /api/me`, asked only with a session cookie, answers `user`, or 401 unless a route overrides it. */
  api?: ApiRoutes;
  /** The signed-in customer (the browser then holds a session's cookies). */
  user?: Profile;
  /**
   * Whether the browser holds a session's cookies, as after a sign-in: the shop then asks
   * `GET /api/me` who it is. Yes when `user` is given; a visitor without them is signed out at once.
   */
  sessionCookie?: boolean;
  language?: 'fr' | 'en';
}

/** The readable cookie the API sets with a session (its CSRF token), as a signed-in browser holds it. */
export function holdSessionCookie(): void {
  document.cookie = 'csrf_token=test-session; path=/';
}

/**
 * Renders one screen inside the shop's own providers (src/app/provider.tsx) and a
 * memory router, the API answered by `api` at fetch. Returns Testing Library's queries, a user to
 * act with, the requests the screen made and where the visitor ended up.
 */
export function renderScreen(ui: ReactElement, options: ScreenOptions = {}) {
  const { path = '/', url = path, user: customer, language, sessionCookie = customer !== undefined } = options;
  if (sessionCookie) holdSessionCookie();
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
