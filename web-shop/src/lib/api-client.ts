import { config } from '../config';

/** An API failure; `code` is the problem's stable code (e.g. `plan.not_found`), translated by the screens. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The whole problem body, for the members a screen may read (e.g. which fields a 400 refused). */
  readonly problem: Readonly<Record<string, unknown>>;

  constructor(options: {
    status: number;
    code: string;
    detail: string;
    problem?: Record<string, unknown>;
    cause?: unknown;
  }) {
    super(options.detail, { cause: options.cause });
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.problem = options.problem ?? {};
  }
}

type Query = Record<string, string | number | undefined>;

function buildUrl(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return `${config.apiBaseUrl}${path}${search ? `?${search}` : ''}`;
}

async function toError(response: Response): Promise<ApiError> {
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (body && typeof body.code === 'string')
      return new ApiError({
        status: response.status,
        code: body.code,
        detail: typeof body.detail === 'string' ? body.detail : response.statusText,
        problem: body,
      });
  }
  return new ApiError({ status: response.status, code: `http.${response.status}`, detail: response.statusText });
}

const CSRF_COOKIE = 'csrf_token';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Answers 401 by design (wrong password, expired refresh): never retried through a refresh. */
const NO_REFRESH_PATHS = [
  '/api/auth/sign-in',
  '/api/auth/sign-in/second-factor',
  '/api/auth/sign-up',
  '/api/auth/refresh',
  '/api/auth/sign-out',
];

/** The readable double-submit cookie the API sets with the session; absent when signed out. */
function readCsrfToken(): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === CSRF_COOKIE) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers, e.g. `Idempotency-Key`. */
  headers?: Record<string, string>;
}

async function send(method: string, path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (UNSAFE_METHODS.has(method)) {
    const csrf = readCsrfToken();
    if (csrf) headers['X-CSRF-Token'] = csrf;
  }
  try {
    return await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'network.unreachable', detail: 'The shop API is unreachable', cause: error });
  }
}

// Several screens may see an expired access token at once: one refresh serves them all.
let refreshing: Promise<boolean> | undefined;

function refreshSession(): Promise<boolean> {
  refreshing ??= send('POST', '/api/auth/refresh', { body: {} })
    .then(
      (response) => response.ok,
      () => false,
    )
    .finally(() => {
      refreshing = undefined;
    });
  return refreshing;
}

/**
 * Whether the browser holds a session's cookies: the API sets the readable CSRF cookie with the
 * session's own, for as long as its refresh lasts, and clears them together. Without it there is
 * no session to ask about.
 */
export function holdsSession(): boolean {
  return readCsrfToken() !== undefined;
}

/** Sends once, and on a 401 refreshes the session and sends again (only when a session cookie suggests there is something to refresh). */
async function sendRefreshing(method: string, path: string, options: RequestOptions): Promise<Response> {
  const response = await send(method, path, options);
  if (response.status === 401 && !NO_REFRESH_PATHS.includes(path) && holdsSession()) {
    if (await refreshSession()) return send(method, path, options);
  }
  return response;
}

/**
 * One API call: JSON in and out, the CSRF header on writes, and on a 401 one refresh of the session
 * followed by one retry (only when a session cookie suggests there is something to refresh).
 */
export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const response = await sendRefreshing(method, path, options);
  if (!response.ok) throw await toError(response);
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('json') ? await response.json() : undefined) as T;
}

export function apiGet<T>(path: string, options: { query?: Query; signal?: AbortSignal } = {}): Promise<T> {
  return apiRequest<T>('GET', path, options);
}

export function apiPost<T>(
  path: string,
  body: unknown = {},
  options: { query?: Query; signal?: AbortSignal; headers?: Record<string, string> } = {},
) {
  return apiRequest<T>('POST', path, { ...options, body });
}

/**
 * A file the API serves to the signed-in customer (an invoice's PDF), read whole with the session's
 * cookies and refreshed like any other call; a failure is the API's problem, as for JSON calls.
 */
export async function apiDownload(path: string, options: { accept: string; signal?: AbortSignal }): Promise<Blob> {
  const response = await sendRefreshing('GET', path, { signal: options.signal, headers: { Accept: options.accept } });
  if (!response.ok) throw await toError(response);
  return response.blob();
}

/** Hands a file read from the API to the browser as a download named `filename`. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the address is freed just after.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
