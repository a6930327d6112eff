import { fetchUtils, HttpError } from 'react-admin';

/**
 * The back-office talks to the shop's API on the same origin, with the shop's own session:
 * the cookies set by POST /api/auth/sign-in, the CSRF double-submit cookie echoed on writes,
 * and one refresh of the session on a 401 (web-shop/src/lib/api-client.ts does the same).
 */

const CSRF_COOKIE = 'csrf_token';
const CSRF_HEADER = 'X-CSRF-Token';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Answer 401 by design (expired refresh, no session): never retried through a refresh. */
const NO_REFRESH_PATHS = ['/api/auth/refresh', '/api/auth/sign-out'];

/** Problem codes the back-office words itself (`shop.errors.<code>`); any other shows the server's detail. */
const WORDED_CODES = new Set([
  'inquiry.stale',
  'inquiry.invalid_transition',
  'inquiry.not_found',
  'subscription.not_found',
  'subscription.not_active',
  'subscription.invalid_transition',
  'subscription.past_expiry',
  'subscription.voided',
  'refund.exceeds_payment',
  'refund.unsupported_provider',
  'refund.nothing_to_refund',
  'credentials.not_found',
  'credentials.plan_mismatch',
  'credentials.in_use',
  'credentials.unknown_plan',
  'credentials.stale',
  'auth.forbidden',
  'auth.csrf_rejected',
  'rate_limited',
  'network.unreachable',
  'account.changed_meanwhile',
  'account.not_found',
  'account.erased',
  'account.cannot_erase_self',
  'account.cannot_erase_admin',
  'auth.email_taken',
  'order.unknown_plan',
  'promo.stale',
  'promo.already_exists',
  'promo.not_found',
  'plan.stale',
  'plan.not_found',
  'plan.invalid',
  'payment.provider_unavailable',
]);

/** The readable double-submit cookie the API sets with the session; absent when signed out. */
export function readCsrfToken(): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === CSRF_COOKIE) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

function withSession(options: fetchUtils.Options): fetchUtils.Options {
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  const method = (options.method ?? 'GET').toUpperCase();
  if (UNSAFE_METHODS.has(method)) {
    const csrf = readCsrfToken();
    if (csrf) headers.set(CSRF_HEADER, csrf);
  }
  return { ...options, headers, credentials: 'same-origin' };
}

/** The API's problem+json made into the error react-admin notifies: our wording for known codes, else the detail. */
function describe(error: unknown): unknown {
  if (!(error instanceof HttpError)) {
    // fetch itself failed: offline, or the API is down.
    if (error instanceof TypeError) return new HttpError('shop.errors.network.unreachable', 0, null);
    return error;
  }
  const problem = (error.body ?? {}) as { code?: unknown; detail?: unknown };
  const code = typeof problem.code === 'string' ? problem.code : undefined;
  if (!code) return error;
  if (WORDED_CODES.has(code)) return new HttpError(`shop.errors.${code}`, error.status, error.body);
  const detail = typeof problem.detail === 'string' ? problem.detail : error.message;
  return new HttpError(`${detail} (${code})`, error.status, error.body);
}

// Several queries may meet an expired access token at once: one refresh serves them all.
let refreshing: Promise<boolean> | undefined;

function refreshSession(): Promise<boolean> {
  refreshing ??= fetchUtils
    .fetchJson('/api/auth/refresh', withSession({ method: 'POST', body: '{}' }))
    .then(
      () => true,
      () => false,
    )
    .finally(() => {
      refreshing = undefined;
    });
  return refreshing;
}

const pathOf = (url: string) => new URL(url, window.location.origin).pathname;

/** One API call, as ra-data-simple-rest and the auth provider make it. */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const send = () => fetchUtils.fetchJson(url, withSession(options));
  try {
    return await send();
  } catch (error) {
    const canRefresh =
      error instanceof HttpError &&
      error.status === 401 &&
      !NO_REFRESH_PATHS.includes(pathOf(url)) &&
      readCsrfToken() !== undefined;
    if (canRefresh && (await refreshSession())) {
      try {
        return await send();
      } catch (retried) {
        throw describe(retried);
      }
    }
    throw describe(error);
  }
}
