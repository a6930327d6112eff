import { config } from '../config';

/** An API failure; `code` is the problem's stable code (e.g. `plan.not_found`), translated by the screens. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(options: { status: number; code: string; detail: string; cause?: unknown }) {
    super(options.detail, { cause: options.cause });
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
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
    const body = (await response.json().catch(() => null)) as { code?: unknown; detail?: unknown } | null;
    if (body && typeof body.code === 'string')
      return new ApiError({
        status: response.status,
        code: body.code,
        detail: typeof body.detail === 'string' ? body.detail : response.statusText,
      });
  }
  return new ApiError({ status: response.status, code: `http.${response.status}`, detail: response.statusText });
}

export async function apiGet<T>(path: string, options: { query?: Query; signal?: AbortSignal } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'network.unreachable', detail: 'The shop API is unreachable', cause: error });
  }
  if (!response.ok) throw await toError(response);
  return (await response.json()) as T;
}
