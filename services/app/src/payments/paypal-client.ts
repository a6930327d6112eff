import { setTimeout as sleep } from 'node:timers/promises';

export const PAYPAL_DEFAULT_API_URL = 'https://api-m.sandbox.paypal.com';

const ATTEMPTS = 3;
const TOKEN_MARGIN_MS = 60_000;
const REQUEST_TIMEOUT_MS = 20_000;

export interface PayPalClientOptions {
  clientId: string;
  clientSecret: string;
  /** PayPal's API base URL; a local stand-in in tests. */
  apiUrl?: string;
  /** Pause between two attempts of a request that is safe to repeat. */
  retryDelayMs?: number;
}

export class PayPalApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(message: string, options: { status: number; body: unknown }) {
    super(message);
    this.status = options.status;
    this.body = options.body;
  }

  /** PayPal's reason, e.g. ORDER_ALREADY_CAPTURED. */
  get issue(): string | undefined {
    const details = (this.body as { details?: Array<{ issue?: unknown }> } | null)?.details;
    const issue = Array.isArray(details) ? details[0]?.issue : undefined;
    return typeof issue === 'string' ? issue : undefined;
  }

  /** PayPal's most precise word for the refusal: the issue (REFUND_AMOUNT_EXCEEDED), else its error name, else the status. */
  get reason(): string {
    const name = (this.body as { name?: unknown } | null)?.name;
    return this.issue ?? (typeof name === 'string' && name !== '' ? name : `HTTP_${this.status}`);
  }
}

interface Answer {
  ok: boolean;
  status: number;
  statusText: string;
  body: unknown;
}

/**
 * PayPal's REST API over fetch: an OAuth client-credentials token kept until shortly before it
 * expires (one token request at a time, a new one once after a 401), JSON in and out, and
 * PayPal's error answers as PayPalApiError. Reads, and writes that carry a PayPal-Request-Id, are
 * repeated after a lost answer or a 5xx: PayPal answers a repeated request id with the first result.
 */
export class PayPalClient {
  private readonly baseUrl: string;
  private token: { value: string; expiresAt: number } | null = null;
  private tokenRequest: Promise<string> | null = null;

  constructor(private readonly options: PayPalClientOptions) {
    this.baseUrl = (options.apiUrl ?? PAYPAL_DEFAULT_API_URL).replace(/\/+$/, '');
  }

  /** The resource, or null when PayPal does not know it (404). */
  async get<T>(path: string): Promise<T | null> {
    try {
      return await this.call<T>('GET', path);
    } catch (error) {
      if (error instanceof PayPalApiError && error.status === 404) return null;
      throw error;
    }
  }

  /** A string body is sent as it is (PayPal may need the exact bytes it signed). */
  async post<T>(path: string, body: unknown, requestId?: string): Promise<T> {
    return this.call<T>('POST', path, typeof body === 'string' ? body : JSON.stringify(body), requestId);
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: string, requestId?: string): Promise<T> {
    const attempts = method === 'GET' || requestId ? ATTEMPTS : 1;
    let renewedToken = false;
    for (let attempt = 1; ; attempt++) {
      let answer: Answer;
      try {
        answer = await this.send(path, method, body, {
          Authorization: `Bearer ${await this.accessToken()}`,
          ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
          ...(requestId ? { 'PayPal-Request-Id': requestId } : {}),
          ...(method === 'POST' ? { Prefer: 'return=representation' } : {}),
        });
      } catch (error) {
        if (attempt >= attempts || error instanceof PayPalApiError) throw error;
        await sleep(this.retryDelay(attempt));
        continue;
      }
      if (answer.ok) return answer.body as T;
      if (answer.status === 401 && !renewedToken) {
        // The token was revoked or expired early: one new token, one more try.
        renewedToken = true;
        this.token = null;
        attempt--;
        continue;
      }
      if (answer.status >= 500 && attempt < attempts) {
        await sleep(this.retryDelay(attempt));
        continue;
      }
      const parsed = answer.body as { name?: unknown } | null;
      const name = typeof parsed?.name === 'string' ? parsed.name : answer.statusText;
      throw new PayPalApiError(`PayPal ${method} ${path.split('?')[0]}: ${answer.status} ${name}`, answer);
    }
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    this.tokenRequest ??= (async () => {
      try {
        const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64');
        const answer = await this.send('/v1/oauth2/token', 'POST', 'grant_type=client_credentials', {
          Authorization: `Basic ${basic}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        });
        const body = answer.body as { access_token?: unknown; expires_in?: unknown } | null;
        if (!answer.ok || typeof body?.access_token !== 'string') {
          throw new PayPalApiError(`PayPal refused the client credentials (${answer.status})`, answer);
        }
        const lifetimeMs = (typeof body.expires_in === 'number' ? body.expires_in : 0) * 1000;
        this.token = { value: body.access_token, expiresAt: Date.now() + Math.max(0, lifetimeMs - TOKEN_MARGIN_MS) };
        return body.access_token;
      } finally {
        this.tokenRequest = null;
      }
    })();
    return this.tokenRequest;
  }

  private async send(
    path: string,
    method: string,
    body: string | undefined,
    headers: Record<string, string>,
  ): Promise<Answer> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { Accept: 'application/json', ...headers },
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const parsed: unknown = await response.json().catch(() => null);
    return { ok: response.ok, status: response.status, statusText: response.statusText, body: parsed };
  }

  private retryDelay(attempt: number): number {
    return (this.options.retryDelayMs ?? 500) * attempt;
  }
}
