import { expect, vi } from 'vitest';

/** One request the screen made, as the API would read it. */
export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** The JSON body, parsed; undefined when there was none. */
  body: unknown;
}

/** What a route answers; build it with `json`, `problem` or `noContent` so the shape is checked. */
export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** `'GET /api/plans/:id'` → a reply; `:name` matches one path segment, given to the handler. */
export type Routes = Record<string, (call: ApiCall & { params: Record<string, string> }) => Reply | Promise<Reply>>;

/** A 2xx JSON answer; the type argument (a `@shop/contracts` type) makes a wrong shape fail typecheck. */
export function json<T>(body: T, init: { status?: number; headers?: Record<string, string> } = {}): Reply {
  return { status: init.status ?? 200, body, headers: init.headers };
}

/** The API's RFC 9457 problem, with the stable code the screens translate. */
export function problem(status: number, code: string, extra: Record<string, unknown> = {}): Reply {
  return { status, body: { type: 'about:blank', title: code, status, detail: code, code, ...extra } };
}

export const noContent = (): Reply => ({ status: 204 });

function matches(pattern: string, path: string): Record<string, string> | undefined {
  const expected = pattern.split('/');
  const actual = path.split('/');
  if (expected.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, part] of expected.entries()) {
    const segment = actual[index] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(segment);
    else if (part !== segment) return undefined;
  }
  return params;
}

async function readBody(body: BodyInit | null | undefined): Promise<unknown> {
  if (body === undefined || body === null) return undefined;
  const text = typeof body === 'string' ? body : await new Response(body).text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Replaces `fetch` with the given routes (later ones win over earlier ones with the same key).
 * A request no route answers fails the way a missing endpoint would (404) and is kept in
 * `unhandled`, so a screen asking for something unexpected shows in the test's failure.
 */
export function mockApi(routes: Routes) {
  const calls: ApiCall[] = [];
  const unhandled: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request = input instanceof Request ? input : undefined;
    const url = new URL(request?.url ?? String(input), window.location.origin);
    const method = (init.method ?? request?.method ?? 'GET').toUpperCase();
    const call: ApiCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers ?? request?.headers),
      body: await readBody(init.body ?? (request ? await request.text() : undefined)),
    };
    calls.push(call);
    for (const [key, handler] of Object.entries(routes).reverse()) {
      const [routeMethod = '', pattern = ''] = key.split(' ');
      const params = routeMethod === method ? matches(pattern, url.pathname) : undefined;
      if (!params) continue;
      const reply = await handler({ ...call, params });
      const headers = new Headers(reply.headers);
      if (reply.body === undefined) return new Response(null, { status: reply.status, headers });
      if (!headers.has('content-type'))
        headers.set('content-type', reply.status >= 400 ? 'application/problem+json' : 'application/json');
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers });
    }
    unhandled.push(`${method} ${url.pathname}${url.search}`);
    console.warn(`No mocked answer for ${method} ${url.pathname}${url.search}: 404`);
    return new Response(JSON.stringify({ code: 'test.unhandled', detail: `${method} ${url.pathname}` }), {
      status: 404,
      headers: { 'content-type': 'application/problem+json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  /** The requests made to `METHOD /path` (path exact, query ignored). */
  const callsTo = (key: string): ApiCall[] => {
    const [method, path] = key.split(' ');
    return calls.filter((call) => call.method === method && call.path === path);
  };
  return {
    calls,
    unhandled,
    callsTo,
    /** Waits for the screen's one request to `key`, and gives its body. */
    async onlyBody(key: string): Promise<unknown> {
      await expect.poll(() => callsTo(key).length).toBe(1);
      return callsTo(key)[0]?.body;
    },
  };
}

export type MockedApi = ReturnType<typeof mockApi>;
