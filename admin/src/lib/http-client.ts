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
  'inquiry.erased',
  'inquiry.no_email',
  'subscription.not_found',
  'subscription.not_active',
  'subscription.invalid_transition',
  'subscription.past_expiry',
  'subscription.voided',
  'subscription.void_paid',
  'subscription.not_cancelled',
  'subscription.refunded',
  'subscription.not_paid',
  'refund.exceeds_payment',
  'refund.in_progress',
  'refund.unsupported_provider',
  'refund.nothing_to_refund',
  'credentials.not_found',
  'credentials.plan_mismatch',
  'credentials.in_use',
  'credentials.unknown_plan',
  'credentials.stale',
  'auth.forbidden',
  'auth.two_factor_required',
  'staff.own_account',
  'role.last_owner',
  'credentials.reason_required',
  'auth.csrf_rejected',
  'rate_limited',
  'network.unreachable',
  'account.changed_meanwhile',
  'account.not_found',
  'account.erased',
  'account.cannot_erase_self',
  'account.cannot_erase_admin',
  'account.staff_protected',
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

/**
 * A read made by an effect: the answer's JSON goes to `onAnswer`, a refusal to `onError`, unless the
 * effect was cleaned up meanwhile (the screen left, or what it reads changed). Answers the clean-up.
 */
export function fetchForEffect(
  url: string,
  onAnswer: (json: unknown) => void,
  onError: (error: unknown) => void,
): () => void {
  let current = true;
  httpClient(url).then(
    ({ json }) => {
      if (current) onAnswer(json);
    },
    (error: unknown) => {
      if (current) onError(error);
    },
  );
  return () => {
    current = false;
  };
}

/**
 * A file the API serves to the back-office (an invoice's PDF, a report's CSV), read whole with the
 * session like any other call: the same cookies, one refresh of the session on a 401, and the same
 * wording of a refusal. Answers the file and the name the server gives it (Content-Disposition), if any.
 */
export async function fetchFile(url: string, accept: string): Promise<{ blob: Blob; filename: string | undefined }> {
  const send = () => {
    const options = withSession({});
    const headers = new Headers(options.headers);
    headers.set('Accept', `${accept}, application/problem+json`);
    return fetch(url, { ...options, headers });
  };
  let response: Response;
  try {
    response = await send();
    if (response.status === 401 && readCsrfToken() !== undefined && (await refreshSession())) response = await send();
  } catch (error) {
    throw describe(error);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw describe(new HttpError(response.statusText || `HTTP ${response.status}`, response.status, body));
  }
  return { blob: await response.blob(), filename: filenameOf(response.headers.get('content-disposition')) };
}

/** The file name of a `Content-Disposition: attachment; filename="…"` header. */
function filenameOf(disposition: string | null): string | undefined {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/** Hands a file read from the API to the browser as a download named `filename`. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the address is freed just after.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Downloads `url` with the session and saves it, under the server's file name or `fallbackName`. */
export async function downloadFile(url: string, accept: string, fallbackName: string): Promise<void> {
  const { blob, filename } = await fetchFile(url, accept);
  saveFile(blob, filename ?? fallbackName);
}
