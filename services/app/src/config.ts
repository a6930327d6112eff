import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { DEFAULT_SHOP_TIME_ZONE, isCountryCode, isTimeZone } from '@shop/domain';
import { z } from 'zod';

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url().optional())
  .optional();

/** Which peers may tell the client's address in X-Forwarded-For: none, a hop count, or addresses, networks and names. */
export type TrustProxy = false | number | string[];

const PROXY_NETWORK_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** `10.0.0.1`, `10.0.0.0/8`, `fd00::/8`. */
function isAddressOrNetwork(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * What Express's `trust proxy` accepts, in its safe forms only: trusting every peer (`true`)
 * would let any client choose the address that rate limits and the security activity see.
 */
const trustProxySetting = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): TrustProxy | undefined => {
    if (!value) return undefined;
    if (value === 'off') return false;
    if (/^\d{1,2}$/.test(value) && Number(value) <= 10) return Number(value) === 0 ? false : Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every((entry) => PROXY_NETWORK_NAMES.has(entry) || isAddressOrNetwork(entry))) return entries;
    ctx.addIssue({
      code: 'custom',
      message:
        'must be off, a hop count (1-10), or a comma-separated list of proxy addresses, networks ' +
        '(10.0.0.0/8) and loopback, linklocal, uniquelocal; trusting every peer is not offered',
    });
    return z.NEVER;
  });

/** A comma-separated list of increasing hours (`24,72`), or empty for no retry. */
const retryHoursSetting = z
  .string()
  .trim()
  .default('24,72')
  .transform((value, ctx): number[] => {
    if (value === '') return [];
    const hours = value.split(',').map((entry) => entry.trim());
    const numbers = hours.map(Number);
    const valid =
      hours.every((entry) => /^\d{1,4}$/.test(entry)) &&
      numbers.every((n, i) => n > 0 && n <= 8760 && (i === 0 || n > numbers[i - 1]!));
    if (valid && numbers.length <= 10) return numbers;
    ctx.addIssue({
      code: 'custom',
      message:
        'must be up to 10 increasing whole numbers of hours from 1 to 8760, separated by commas (24,72), or empty',
    });
    return z.NEVER;
  });

/** A setting that may be left unset (or empty), trimmed, then checked by `schema`. */
const optionalText = (schema: z.ZodType<string, string>) =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(schema.optional())
    .optional();

/** SIREN (9 digits) and SIRET (14 digits) end with a Luhn check digit; La Poste's SIRETs are the one exception. */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

const SELLER_SETTINGS = {
  SELLER_NAME: optionalText(z.string().max(200)),
  SELLER_ADDRESS: optionalText(z.string().max(500)),
  SELLER_COUNTRY: optionalText(
    z.string().toUpperCase().refine(isCountryCode, { message: 'must be an ISO 3166-1 alpha-2 country code (FR)' }),
  ),
  SELLER_VAT_ID: optionalText(
    z
      .string()
      .transform((value) => value.replace(/[\s.-]/g, '').toUpperCase())
      .refine((value) => /^[A-Z]{2}[0-9A-Z]{2,13}$/.test(value), {
        message: 'must be an intra-community VAT number: two letters, then 2 to 13 letters or digits (FR12345678901)',
      }),
  ),
  SELLER_COMPANY_ID: optionalText(
    z
      .string()
      .transform((value) => value.replace(/[\s.]/g, ''))
      .refine(
        (value) =>
          /^(\d{9}|\d{14})$/.test(value) &&
          (luhnValid(value) || (value.length === 14 && value.startsWith('356000000'))),
        { message: 'must be a SIREN (9 digits) or SIRET (14 digits) with its check digit' },
      ),
  ),
} as const;
type SellerSetting = keyof typeof SELLER_SETTINGS;

/** Who sells, as every invoice and credit note names them. */
export interface SellerIdentity {
  name: string;
  /** Lines separated by line breaks (`\n` in the setting). */
  address: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  vatId: string;
  /** SIREN or SIRET. */
  companyId: string;
  /** The fictitious identity of a development or test shop without SELLER_ settings: never for real documents. */
  demo: boolean;
}

/** The identity a shop outside production shows when no SELLER_ setting is given: plainly not a real seller. */
export const DEMO_SELLER: SellerIdentity = {
  name: 'PremiumShare (DÉMONSTRATION — identité fictive)',
  address: "1 rue de l'Exemple\n75000 Paris (adresse fictive)",
  country: 'FR',
  vatId: 'FR00000000000 (fictif)',
  companyId: '000 000 000 (fictif)',
  demo: true,
};

const DEFAULT_WEB_SHOP_DIR = fileURLToPath(new URL('../../../web-shop/dist/', import.meta.url));
const DEFAULT_ADMIN_DIR = fileURLToPath(new URL('../../../admin/dist/', import.meta.url));

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Loopback unless told otherwise: a laptop's shop is not published to its network by accident.
  HOST: z.string().default('127.0.0.1'),
  /** The proxies in front of the shop whose X-Forwarded-For is believed; unset, loopback outside production. */
  TRUST_PROXY: trustProxySetting,
  /** Longest a client may take to send a request's headers; then 408 and the connection closes. */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
  /** Longest a client may take to send a whole request, body included; then 408 and the connection closes. */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /** Where the embedded database and its files live when DATABASE_URL is not set. */
  DATA_DIR: z.string().default('./.data'),
  /** The built React shop served at `/` (`npm run build` writes web-shop/dist). */
  WEB_SHOP_DIR: z.string().optional(),
  /** The built back-office served at `/admin` (`npm run build` writes admin/dist). */
  ADMIN_DIR: z.string().optional(),
  DATABASE_URL: optionalUrl,
  /** Connections per pool (the app keeps two: event store and read models) when DATABASE_URL is set. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  REDIS_URL: optionalUrl,
  EVENTSTORE_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PROJECTOR_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
  EXPIRY_SWEEP_INTERVAL_MS: z.coerce.number().int().min(1000).default(60_000),
  /** How long before its expiry a subscription that renews itself is charged (at most a year). */
  RENEWAL_LEAD_HOURS: z.coerce.number().int().min(0).max(8760).default(72),
  /** How long an order, or a renewal a customer ordered, waits for its payment before it is given up (at most a month). */
  PENDING_ORDER_HOURS: z.coerce.number().int().min(1).max(720).default(48),
  /** When a declined automatic charge is tried again, in hours after the first decline, in order. */
  RENEWAL_RETRY_HOURS: retryHoursSetting,
  /** Prefix of every Redis key the queues use, so several shops can share one Redis. */
  QUEUE_PREFIX: z.string().min(1).default('shop'),
  /** Longest a projection may trail the log before /readyz reports not ready. */
  READY_MAX_LAG_EVENTS: z.coerce.number().int().min(0).default(1000),
  /** Longest a deployed projector or worker may stay silent (no heartbeat) before /readyz reports not ready. */
  READY_MAX_SILENCE_MS: z.coerce.number().int().min(1000).default(30_000),
  /** First pause before a failed job's next attempt, doubled at each of its six attempts. */
  JOB_BACKOFF_MS: z.coerce.number().int().min(10).max(600_000).default(1000),
  /** Jobs one worker process runs at once on Redis: they mostly wait on PostgreSQL, SMTP or a provider. */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  /** First pause before a failed webhook delivery is sent again, doubled at each attempt (jittered, at most an hour) for a day. */
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(10_000),
  /** How often the worker hands the queue whatever the job ledger holds and the queue lost. */
  JOB_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(500).default(30_000),
  /**
   * 32 random bytes, base64: seals personal data in events, signs access tokens, encrypts
   * TOTP secrets. Required in production; elsewhere generated once into DATA_DIR/secrets.key.
   */
  SECRETS_KEY: z
    .string()
    .optional()
    .refine((value) => value === undefined || value === '' || Buffer.from(value, 'base64').length === 32, {
      message: 'must be 32 bytes encoded in base64 (openssl rand -base64 32)',
    }),
  /** Where shoppers reach the shop: links in e-mails, OIDC redirects, secure cookies. */
  PUBLIC_URL: optionalUrl,
  /** The time zone the back-office and shopctl show instants in, with their offset (IANA name). */
  SHOP_TIME_ZONE: z
    .string()
    .trim()
    .default(DEFAULT_SHOP_TIME_ZONE)
    .refine(isTimeZone, { message: 'must be an IANA time zone such as Europe/Paris' }),
  /** Comma-separated e-mails that are made admins at start-up and at sign-up. */
  ADMIN_EMAILS: z.string().default(''),
  /** SMTP server for e-mails (smtp://user:pass@host:587); without it e-mails are written to DATA_DIR/outbox. */
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('PremiumShare <no-reply@premium-share.local>'),
  /** Where the operator is told of each new visitor inquiry (support, affiliate, partnership, suggestion); unset, no e-mail. */
  SUPPORT_EMAIL: z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.email().optional())
    .optional(),
  OIDC_GOOGLE_ISSUER: optionalUrl,
  OIDC_GOOGLE_CLIENT_ID: z.string().optional(),
  OIDC_GOOGLE_CLIENT_SECRET: z.string().optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Stripe is switched on by its secret key (sk_live_… or sk_test_…). */
  STRIPE_SECRET_KEY: z.string().trim().optional(),
  /** The signing secret of the Stripe webhook endpoint (whsec_…); required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: z.string().trim().optional(),
  /** Stripe's API base URL; only a local stand-in in tests changes it. */
  STRIPE_API_URL: optionalUrl,
  /** Mollie is switched on by its API key (test_… or live_…). */
  MOLLIE_API_KEY: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || /^(test|live)_\w+$/.test(value), { message: 'must start with test_ or live_' }),
  /** Mollie's API base URL (default https://api.mollie.com/v2/); only a local stand-in in tests changes it. */
  MOLLIE_API_URL: optionalUrl.refine((value) => !value || value.startsWith('https:'), {
    message: 'must be an https URL (the Mollie SDK speaks nothing else)',
  }),
  /** PayPal is switched on by its REST app's client id and secret. */
  PAYPAL_CLIENT_ID: z.string().trim().optional(),
  PAYPAL_CLIENT_SECRET: z.string().trim().optional(),
  /** The id of the webhook registered in that PayPal app; PayPal checks each notification against it. */
  PAYPAL_WEBHOOK_ID: z.string().trim().optional(),
  /** PayPal's API base URL: https://api-m.sandbox.paypal.com (default) or https://api-m.paypal.com (live). */
  PAYPAL_API_URL: optionalUrl,
  /** Payssion is switched on by its app's API key; the secret key and the payment method are then required. */
  PAYSSION_API_KEY: z.string().trim().optional(),
  /** Signs requests to Payssion and checks its notifications; never logged. */
  PAYSSION_SECRET_KEY: z.string().trim().optional(),
  /** The payment method offered at Payssion (its `pm_id`, e.g. alipay_cn; payssion_test in its sandbox). */
  PAYSSION_PM_ID: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || /^[a-z0-9_]{1,64}$/.test(value), {
      message: 'must be a Payssion pm_id (e.g. alipay_cn)',
    }),
  /** Payssion's API base URL: https://sandbox.payssion.com (default) or https://www.payssion.com (live). */
  PAYSSION_API_URL: optionalUrl,
  /**
   * The built-in sandbox provider, on or off. Unset: off in production once Stripe, Mollie,
   * PayPal or Payssion is configured, on otherwise.
   */
  SANDBOX_PAYMENTS: z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.enum(['on', 'off']).optional())
    .optional(),
  /** The seller named on invoices and credit notes: all five required in production. */
  ...SELLER_SETTINGS,
  /** A port of its own for `GET /metrics` (every role), bound like HOST; unset, the API's port serves it behind METRICS_TOKEN. */
  METRICS_PORT: optionalText(
    z
      .string()
      .regex(/^\d{1,5}$/, { message: 'must be a port number (0-65535)' })
      .refine((v) => Number(v) <= 65535, {
        message: 'must be a port number (0-65535)',
      }),
  ),
  /** The Bearer token `GET /metrics` asks for; with neither setting, metrics are not served. */
  METRICS_TOKEN: optionalText(
    z.string().regex(/^[\x21-\x7e]{16,256}$/, {
      message: 'must be 16 to 256 printable characters without spaces (openssl rand -hex 24)',
    }),
  ),
  /** Where traces go (OTLP over HTTP, `/v1/traces` is added); unset, nothing of tracing is loaded. */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl.refine((value) => !value || /^https?:\/\//.test(value), {
    message: 'must be an http or https URL (http://collector:4318)',
  }),
  /** The service name traces carry. */
  OTEL_SERVICE_NAME: z.string().trim().min(1).max(100).default('shop'),
});

export type ShopConfig = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  trustProxy: TrustProxy;
  httpHeadersTimeoutMs: number;
  httpRequestTimeoutMs: number;
  dataDir: string;
  webShopDir: string;
  adminDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  redisUrl: string | undefined;
  eventStoreUrl: string | undefined;
  logLevel: string;
  projectorBatchSize: number;
  expirySweepIntervalMs: number;
  renewalLeadHours: number;
  pendingOrderHours: number;
  renewalRetryHours: number[];
  queuePrefix: string;
  readyMaxLagEvents: number;
  readyMaxSilenceMs: number;
  jobBackoffMs: number;
  jobConcurrency: number;
  webhookRetryBaseMs: number;
  jobReconcileIntervalMs: number;
  secretsKey: string | undefined;
  publicUrl: string;
  adminEmails: string[];
  /** SHOP_TIME_ZONE: where instants are shown to operators and auditors. */
  shopTimeZone: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string | undefined;
  oidcProviders: OidcProviderConfig[];
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  stripeApiUrl: string | undefined;
  mollieApiKey: string | undefined;
  mollieApiUrl: string | undefined;
  paypalClientId: string | undefined;
  paypalClientSecret: string | undefined;
  paypalWebhookId: string | undefined;
  paypalApiUrl: string | undefined;
  payssionApiKey: string | undefined;
  payssionSecretKey: string | undefined;
  payssionPmId: string | undefined;
  payssionApiUrl: string | undefined;
  /** Whether the built-in sandbox provider is offered (SANDBOX_PAYMENTS, or its default). */
  sandboxPayments: boolean;
  /** The seller on invoices (SELLER_ settings; outside production without them, `DEMO_SELLER`). */
  seller: SellerIdentity;
  /** METRICS_PORT: `GET /metrics` on a port of its own (null: on the API's port, if METRICS_TOKEN is set). */
  metricsPort: number | null;
  /** METRICS_TOKEN: the Bearer token `GET /metrics` asks for. */
  metricsToken: string | undefined;
  /** OTEL_EXPORTER_OTLP_ENDPOINT: where traces are sent; unset, tracing is off. */
  otlpEndpoint: string | undefined;
  otelServiceName: string;
};

export interface OidcProviderConfig {
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export class ConfigError extends Error {
  readonly code = 'config.invalid';
}

/** Stripe, Mollie, PayPal or Payssion has what it needs to be switched on (loadConfig refuses half a PayPal or Payssion). */
function realProviderConfigured(c: z.infer<typeof configSchema>): boolean {
  const stripe = Boolean(c.STRIPE_SECRET_KEY && c.STRIPE_WEBHOOK_SECRET);
  const paypal = Boolean(c.PAYPAL_CLIENT_ID && c.PAYPAL_CLIENT_SECRET && c.PAYPAL_WEBHOOK_ID);
  return stripe || Boolean(c.MOLLIE_API_KEY) || paypal || Boolean(c.PAYSSION_API_KEY);
}

/**
 * The seller from its five settings: all of them, or (outside production) none for the
 * demonstration identity; half an identity is refused, naming what is missing.
 */
function sellerOf(c: z.infer<typeof configSchema>): SellerIdentity {
  const names = Object.keys(SELLER_SETTINGS) as SellerSetting[];
  const missing = names.filter((name) => !c[name]);
  if (missing.length === names.length && c.NODE_ENV !== 'production') return DEMO_SELLER;
  if (missing.length > 0) {
    const why = c.NODE_ENV === 'production' ? 'required in production' : 'required with the other SELLER_ settings';
    throw new ConfigError(`Invalid configuration: ${missing.join(', ')}: ${why} (the seller named on invoices)`);
  }
  return {
    name: c.SELLER_NAME!,
    address: c.SELLER_ADDRESS!.replace(/\\n/g, '\n'),
    country: c.SELLER_COUNTRY!,
    vatId: c.SELLER_VAT_ID!,
    companyId: c.SELLER_COMPANY_ID!,
    demo: false,
  };
}

/** Reads the settings once. A bad value stops start-up with one line naming the setting. */
export function loadConfig(env: Record<string, string | undefined> = process.env): ShopConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const c = parsed.data;
  if (c.NODE_ENV === 'production' && !c.SECRETS_KEY) {
    throw new ConfigError('Invalid configuration: SECRETS_KEY: required in production (openssl rand -base64 32)');
  }
  if (c.HTTP_HEADERS_TIMEOUT_MS > c.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError('Invalid configuration: HTTP_HEADERS_TIMEOUT_MS: must not exceed HTTP_REQUEST_TIMEOUT_MS');
  }
  if (c.STRIPE_SECRET_KEY && !c.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError('Invalid configuration: STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set');
  }
  if (c.PAYPAL_CLIENT_ID || c.PAYPAL_CLIENT_SECRET) {
    const required = ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'] as const;
    const missing = required.filter((name) => !c[name]);
    if (missing.length > 0) {
      throw new ConfigError(`Invalid configuration: ${missing.join(', ')}: required to switch PayPal on`);
    }
  }
  if (c.PAYSSION_API_KEY || c.PAYSSION_SECRET_KEY) {
    const required = ['PAYSSION_API_KEY', 'PAYSSION_SECRET_KEY', 'PAYSSION_PM_ID'] as const;
    const missing = required.filter((name) => !c[name]);
    if (missing.length > 0) {
      throw new ConfigError(`Invalid configuration: ${missing.join(', ')}: required to switch Payssion on`);
    }
  }
  const seller = sellerOf(c);
  const metricsPort = c.METRICS_PORT === undefined ? null : Number(c.METRICS_PORT);
  if (metricsPort !== null && metricsPort !== 0 && metricsPort === c.PORT) {
    throw new ConfigError(
      'Invalid configuration: METRICS_PORT: must differ from PORT (metrics stay off the public port)',
    );
  }
  return {
    nodeEnv: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    trustProxy: c.TRUST_PROXY ?? (c.NODE_ENV === 'production' ? false : ['loopback']),
    httpHeadersTimeoutMs: c.HTTP_HEADERS_TIMEOUT_MS,
    httpRequestTimeoutMs: c.HTTP_REQUEST_TIMEOUT_MS,
    dataDir: path.resolve(c.DATA_DIR),
    webShopDir: c.WEB_SHOP_DIR ? path.resolve(c.WEB_SHOP_DIR) : DEFAULT_WEB_SHOP_DIR,
    adminDir: c.ADMIN_DIR ? path.resolve(c.ADMIN_DIR) : DEFAULT_ADMIN_DIR,
    databaseUrl: c.DATABASE_URL,
    databasePoolSize: c.DATABASE_POOL_SIZE,
    redisUrl: c.REDIS_URL,
    eventStoreUrl: c.EVENTSTORE_URL,
    logLevel: c.LOG_LEVEL,
    projectorBatchSize: c.PROJECTOR_BATCH_SIZE,
    expirySweepIntervalMs: c.EXPIRY_SWEEP_INTERVAL_MS,
    renewalLeadHours: c.RENEWAL_LEAD_HOURS,
    pendingOrderHours: c.PENDING_ORDER_HOURS,
    renewalRetryHours: c.RENEWAL_RETRY_HOURS,
    queuePrefix: c.QUEUE_PREFIX,
    readyMaxLagEvents: c.READY_MAX_LAG_EVENTS,
    readyMaxSilenceMs: c.READY_MAX_SILENCE_MS,
    jobBackoffMs: c.JOB_BACKOFF_MS,
    jobConcurrency: c.JOB_CONCURRENCY,
    webhookRetryBaseMs: c.WEBHOOK_RETRY_BASE_MS,
    jobReconcileIntervalMs: c.JOB_RECONCILE_INTERVAL_MS,
    secretsKey: c.SECRETS_KEY || undefined,
    // Unset, the shop is reached on this machine at its own port.
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    shopTimeZone: c.SHOP_TIME_ZONE,
    adminEmails: c.ADMIN_EMAILS.split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    supportEmail: c.SUPPORT_EMAIL,
    oidcProviders:
      c.OIDC_GOOGLE_ISSUER && c.OIDC_GOOGLE_CLIENT_ID && c.OIDC_GOOGLE_CLIENT_SECRET
        ? [
            {
              name: 'google',
              issuer: c.OIDC_GOOGLE_ISSUER,
              clientId: c.OIDC_GOOGLE_CLIENT_ID,
              clientSecret: c.OIDC_GOOGLE_CLIENT_SECRET,
            },
          ]
        : [],
    accessTokenTtlSeconds: c.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: c.REFRESH_TOKEN_TTL_DAYS,
    stripeSecretKey: c.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: c.STRIPE_WEBHOOK_SECRET || undefined,
    stripeApiUrl: c.STRIPE_API_URL,
    mollieApiKey: c.MOLLIE_API_KEY || undefined,
    mollieApiUrl: c.MOLLIE_API_URL,
    paypalClientId: c.PAYPAL_CLIENT_ID || undefined,
    paypalClientSecret: c.PAYPAL_CLIENT_SECRET || undefined,
    paypalWebhookId: c.PAYPAL_WEBHOOK_ID || undefined,
    paypalApiUrl: c.PAYPAL_API_URL,
    payssionApiKey: c.PAYSSION_API_KEY || undefined,
    payssionSecretKey: c.PAYSSION_SECRET_KEY || undefined,
    payssionPmId: c.PAYSSION_PM_ID || undefined,
    payssionApiUrl: c.PAYSSION_API_URL,
    sandboxPayments: c.SANDBOX_PAYMENTS
      ? c.SANDBOX_PAYMENTS === 'on'
      : !(c.NODE_ENV === 'production' && realProviderConfigured(c)),
    seller,
    metricsPort,
    metricsToken: c.METRICS_TOKEN,
    otlpEndpoint: c.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/$/, ''),
    otelServiceName: c.OTEL_SERVICE_NAME,
  };
}
