// The whole configuration, read once from the environment and validated at start (README table).
import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import * as z from 'zod/mini';
import { DEVELOPMENT_SECRETS_KEY, parseSecretsKeys, type SecretsKey } from './platform/secrets/secret-box.js';

/** The web build of this checkout, wherever the process was started from. */
const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

const commaList = z.pipe(
  z.string(),
  z.transform((v) =>
    v
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  ),
);

const bool = z.pipe(
  z.enum(['true', 'false', '1', '0']),
  z.transform((v) => v === 'true' || v === '1'),
);

const count = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce.number().check(z.int(), z.minimum(min), z.maximum(max));

/** An address or CIDR range, or one of proxy-addr's names for well-known ranges. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Which hops may set X-Forwarded-For / -Proto: none (default), a hop count, or the proxies' addresses.
 * Believing the header from anyone would let every client choose its own address (and rate-limit key).
 */
const trustProxy = z.pipe(
  z
    .string()
    .check(
      z.refine(
        (v) => v === 'none' || /^[1-9]\d?$/.test(v) || v.split(',').every((e) => isProxyAddress(e.trim())),
        'none, a hop count (1-99) or comma-separated proxy addresses / CIDR ranges',
      ),
    ),
  z.transform((v): false | number | string[] =>
    v === 'none' ? false : /^\d+$/.test(v) ? Number(v) : v.split(',').map((e) => e.trim()),
  ),
);

/** SECRETS_KEY: `<id>:<32 bytes base64>` entries, the current key first (ADR 049). */
const secretsKeys = z.pipe(
  z.string(),
  z.transform((v, ctx): SecretsKey[] => {
    const keys = parseSecretsKeys(v);
    if (typeof keys === 'string') ctx.issues.push({ code: 'custom', message: keys, input: v });
    return typeof keys === 'string' ? [] : keys;
  }),
);

const configSchema = z.object({
  NODE_ENV: z._default(z.enum(['development', 'production', 'test']), 'development'),
  /** Default: this machine only outside production (a development server has an outbox to hide), else all. */
  HOST: z.optional(z.string().check(z.minLength(1))),
  PORT: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(65535)), 8080),
  /** Embedded PGlite data folder, used when DATABASE_URL is empty. */
  DATA_DIR: z._default(z.string(), './.data'),
  /** postgres://… switches from the embedded database to PostgreSQL. */
  DATABASE_URL: z.optional(z.url()),
  DATABASE_POOL_SIZE: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200)), 10),
  /** Server processes (node:cluster, ADR 034); unset: one per core on PostgreSQL, always one on PGlite. */
  WORKERS: z.optional(count(1, 64)),
  /** Prometheus metrics on their own listener, never the public port (ADR 034); port 0 turns them off. */
  METRICS_HOST: z._default(z.string().check(z.minLength(1)), '127.0.0.1'),
  METRICS_PORT: z._default(count(0, 65535), 9464),
  /** Fill an empty database with the demo data on first start; defaults to false in production. */
  SEED_DEMO_DATA: z.optional(bool),
  /** Production with demo data (public passwords) starts only when this confirms it too. */
  ALLOW_DEMO_DATA_IN_PRODUCTION: z._default(bool, false),
  /** Proxies believed for X-Forwarded-For/-Proto: a hop count, addresses/CIDRs or none (also when unset). */
  TRUST_PROXY: z._default(trustProxy, false),
  SEED_CUSTOMERS: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(1_000_000)), 0),
  SESSION_IDLE_MINUTES: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(24 * 60)), 30),
  SESSION_ABSOLUTE_HOURS: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(24 * 30)), 12),
  // How long a session read is served from memory (ADR 027); 0 reads it on every request.
  SESSION_CACHE_SECONDS: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(60)), 5),
  // Login throttling (ADR 012): only failures count, a success never does.
  LOGIN_MAX_FAILURES_PER_USERNAME_ADDRESS: z._default(count(1), 5),
  LOGIN_SLOWDOWN_AFTER_FAILURES_PER_USERNAME: z._default(count(1), 10),
  LOGIN_SLOWDOWN_MAX_MS: z._default(count(0, 10_000), 5_000),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z._default(count(1), 100),
  LOGIN_WINDOW_MINUTES: z._default(count(1, 24 * 60), 15),
  /** Guest sessions one client address holds at once; a new one ends its oldest (never a refusal). */
  GUEST_SESSIONS_PER_ADDRESS: z._default(count(1), 300),
  /** Requests one personal read-only token may make in an hour (ADR 037); over it, 429. */
  PERSONAL_TOKEN_REQUESTS_PER_HOUR: z._default(count(1), 120),
  /** Comma-separated origins allowed by CORS besides the server's own (Capacitor app origins). */
  CORS_ORIGINS: z._default(commaList, ['capacitor://localhost', 'https://localhost', 'http://localhost']),
  /** Origins added to the CSP for the ad pixel and error reporting, when the web build enables them. */
  CSP_EXTRA_SOURCES: z._default(commaList, []),
  BODY_LIMIT_BYTES: z._default(z.coerce.number().check(z.int(), z.minimum(1024)), 1_048_576),
  /** Folder of the built web app served at /; empty to serve the API only. */
  WEB_DIST_DIR: z._default(z.string(), DEFAULT_WEB_DIST_DIR),
  LOG_LEVEL: z._default(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  /** Answer every API call with 503 (planned maintenance). */
  MAINTENANCE_MODE: z._default(bool, false),
  /** Which gateway is gateway 1 (SPEC §9): stripe when STRIPE_SECRET_KEY is set, else test (ADR 021). */
  PAYMENT_GATEWAY: z.optional(z.enum(['stripe', 'test'])),
  /** The test gateway (test cards, no money): on by default outside production only. */
  PAYMENT_TEST_GATEWAY: z.optional(bool),
  /** Production with the test gateway starts only when this confirms it too (and says so at every start). */
  ALLOW_TEST_GATEWAY_IN_PRODUCTION: z._default(bool, false),
  /** Production with a Stripe test key, or believing test-mode events, marks bills paid with no money: only when this says so. */
  ALLOW_STRIPE_TEST_MODE_IN_PRODUCTION: z._default(bool, false),
  /** HMAC-SHA256 key of the test gateway's notifications; unset: a random key per process. */
  PAYMENT_WEBHOOK_SECRET: z.optional(z.string().check(z.minLength(16))),
  /** Stripe's secret API key (sk_live_… / sk_test_…) and the webhook endpoint's signing secret (whsec_…). */
  STRIPE_SECRET_KEY: z.optional(z.string().check(z.regex(/^(sk|rk)_(live|test)_\w+$/))),
  STRIPE_WEBHOOK_SECRET: z.optional(z.string().check(z.regex(/^whsec_\w+$/))),
  /** Where the Stripe SDK sends its calls; unset: api.stripe.com. Tests point it at a local server. */
  STRIPE_API_BASE: z.optional(z.url({ protocol: /^https?$/ })),
  /** Checkout's payment methods (card,sepa_debit,…); unset: those enabled in the Stripe dashboard. */
  STRIPE_PAYMENT_METHODS: z._default(commaList, []),
  /** How long a payment waits for the gateway before another payment of the same bills may start. */
  PAYMENT_CHECKOUT_MINUTES: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(24 * 60)),
    30,
  ),
  /** Address the links in e-mails point to (the web app as customers reach it); unset: localhost:PORT. */
  PUBLIC_BASE_URL: z.optional(z.url()),
  /** The passkeys' relying party (ADR 038): a domain; unset: PUBLIC_BASE_URL's host name. */
  WEBAUTHN_RP_ID: z.optional(z.string().check(z.regex(/^[a-z0-9.-]+$/))),
  /** Origins a passkey ceremony may come from; unset: PUBLIC_BASE_URL's and CORS_ORIGINS (the app's). */
  WEBAUTHN_ORIGINS: z.optional(commaList),
  /** smtp(s)://user:pass@host:port: send e-mail over SMTP; unset: e-mail goes to the outbox table. */
  SMTP_URL: z.optional(z.url({ protocol: /^smtps?$/ })),
  MAIL_FROM: z._default(z.string().check(z.minLength(3)), 'Sportello <no-reply@sportello.local>'),
  /** Firebase service-account JSON: send push through FCM HTTP v1; unset: push goes to the outbox. */
  FCM_SERVICE_ACCOUNT_FILE: z.optional(z.string()),
  /** How often each process looks for due jobs (mail, push, SMS); 0 turns the worker off. */
  JOBS_POLL_MS: z._default(z.coerce.number().check(z.int(), z.minimum(0)), 2000),
  /** Keys sealing the secrets kept in the database (ADR 049); unset: a public development key. */
  SECRETS_KEY: z.optional(secretsKeys),
  /** Attempts before a job is given up (backoff 30 s doubling, at most an hour). */
  JOBS_MAX_ATTEMPTS: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50)), 8),
  /**
   * Webhooks over http and to this machine's loopback addresses (127.0.0.0/8, ::1): development and
   * tests only, refused in production (ADR 048). Off, a webhook is https to an address outside ours.
   */
  WEBHOOKS_ALLOW_LOOPBACK: z._default(bool, false),
  /** Days without consumption data after which a supply's customer is told the next bill may be estimated. */
  METER_SILENCE_DAYS: z._default(z.coerce.number().check(z.int(), z.minimum(2), z.maximum(60)), 10),
});

export type Config = Omit<
  z.infer<typeof configSchema>,
  | 'SEED_DEMO_DATA'
  | 'HOST'
  | 'PAYMENT_GATEWAY'
  | 'PAYMENT_TEST_GATEWAY'
  | 'WEBAUTHN_RP_ID'
  | 'WEBAUTHN_ORIGINS'
  | 'PUBLIC_BASE_URL'
  | 'SECRETS_KEY'
> & {
  PUBLIC_BASE_URL: string;
  /** The first seals, every one opens (ADR 049). */
  SECRETS_KEYS: SecretsKey[];
  WEBAUTHN_RP_ID: string;
  WEBAUTHN_ORIGINS: string[];
  SEED_DEMO_DATA: boolean;
  HOST: string;
  PAYMENT_GATEWAY: 'stripe' | 'test';
  PAYMENT_TEST_GATEWAY: boolean;
};

/** Variables whose empty value means something; any other variable set to '' counts as unset. */
const MEANINGFUL_WHEN_EMPTY = new Set(['WEB_DIST_DIR']);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.entries(env).filter(
    ([name, value]) => value !== '' || MEANINGFUL_WHEN_EMPTY.has(name),
  );
  const parsed = configSchema.safeParse(Object.fromEntries(present));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const {
    SEED_DEMO_DATA,
    HOST,
    PAYMENT_GATEWAY,
    PAYMENT_TEST_GATEWAY,
    WEBAUTHN_RP_ID,
    WEBAUTHN_ORIGINS,
    PUBLIC_BASE_URL,
    SECRETS_KEY,
    ...rest
  } = parsed.data;
  const production = rest.NODE_ENV === 'production';
  // A webhook to this machine reaches the metrics port, the database, the dev outbox: never in production.
  if (production && rest.WEBHOOKS_ALLOW_LOOPBACK)
    throw new Error(
      'Invalid configuration:\n  WEBHOOKS_ALLOW_LOOPBACK: webhooks to this machine are for development and tests only',
    );
  // The port this server listens on: links and passkeys must reach it (production names its address).
  const publicBaseUrl = PUBLIC_BASE_URL ?? `http://localhost:${rest.PORT}`;
  const seedDemoData = SEED_DEMO_DATA ?? !production;
  // The demo customers' passwords are in the README: a production install must not open with them by accident.
  if (production && seedDemoData && !rest.ALLOW_DEMO_DATA_IN_PRODUCTION) {
    throw new Error(
      'Invalid configuration:\n  SEED_DEMO_DATA: demo customers with public passwords in production; ' +
        'set ALLOW_DEMO_DATA_IN_PRODUCTION=true as well to start anyway',
    );
  }
  return {
    ...rest,
    SEED_DEMO_DATA: seedDemoData,
    HOST: HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    PUBLIC_BASE_URL: publicBaseUrl,
    SECRETS_KEYS: SECRETS_KEY ?? [DEVELOPMENT_SECRETS_KEY],
    // A passkey belongs to the site customers reach; the app's WebView origins are CORS's (ADR 038).
    WEBAUTHN_RP_ID: WEBAUTHN_RP_ID ?? new URL(publicBaseUrl).hostname,
    WEBAUTHN_ORIGINS: WEBAUTHN_ORIGINS ?? [new URL(publicBaseUrl).origin, ...rest.CORS_ORIGINS],
    ...paymentGateways(rest, PAYMENT_GATEWAY, PAYMENT_TEST_GATEWAY),
  };
}

/**
 * Which gateways take payments (ADR 021). Production takes money only through a real gateway, and
 * the test gateway, whose test cards pay any bill for free, exists there only when confirmed twice.
 */
function paymentGateways(
  env: Pick<
    Config,
    | 'NODE_ENV'
    | 'STRIPE_SECRET_KEY'
    | 'STRIPE_WEBHOOK_SECRET'
    | 'PAYMENT_CHECKOUT_MINUTES'
    | 'ALLOW_TEST_GATEWAY_IN_PRODUCTION'
  >,
  chosen: 'stripe' | 'test' | undefined,
  testGateway: boolean | undefined,
): Pick<Config, 'PAYMENT_GATEWAY' | 'PAYMENT_TEST_GATEWAY'> {
  const refuse = (line: string) => {
    throw new Error(`Invalid configuration:\n  ${line}`);
  };
  const production = env.NODE_ENV === 'production';
  const gateway = chosen ?? (env.STRIPE_SECRET_KEY ? 'stripe' : 'test');
  const testOn = testGateway ?? gateway === 'test';
  if (gateway === 'stripe') {
    if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET)
      refuse('PAYMENT_GATEWAY: Stripe needs both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    // Stripe refuses a Checkout Session that expires sooner than 30 minutes after its creation.
    if (env.PAYMENT_CHECKOUT_MINUTES < 30)
      refuse('PAYMENT_CHECKOUT_MINUTES: at least 30 with Stripe (its shortest Checkout Session)');
  } else if (!testOn) {
    refuse('PAYMENT_TEST_GATEWAY: false, but PAYMENT_GATEWAY is test: no gateway would take payments');
  }
  if (production && gateway !== 'stripe')
    refuse(
      'PAYMENT_GATEWAY: production takes payments only through a real gateway; ' +
        'set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (README, "Paying with Stripe")',
    );
  if (production && testOn && !env.ALLOW_TEST_GATEWAY_IN_PRODUCTION)
    refuse(
      'PAYMENT_TEST_GATEWAY: the test gateway marks bills paid with test cards; ' +
        'set ALLOW_TEST_GATEWAY_IN_PRODUCTION=true as well to start anyway',
    );
  return { PAYMENT_GATEWAY: gateway, PAYMENT_TEST_GATEWAY: testOn };
}

/** Production only: each variable whose development default is not real, and what it would be. */
const REAL_IN_PRODUCTION: { name: string; missing: string }[] = [
  {
    name: 'DATABASE_URL',
    missing:
      'production runs on PostgreSQL; the embedded database (PGlite) is one process on one core, for development and demos',
  },
  {
    name: 'SMTP_URL',
    missing:
      'production sends e-mail over SMTP; without it codes, reset links and notices would only land in the outbox table',
  },
  {
    name: 'PUBLIC_BASE_URL',
    missing:
      "the portal's address as customers reach it (mailed links, passkeys); unset it would be http://localhost",
  },
  {
    name: 'TRUST_PROXY',
    missing:
      'the proxies in front (a hop count or their addresses), or none when clients connect directly; unset, everyone ' +
      'behind a proxy shares one address for the limits, and HSTS is never sent',
  },
  {
    name: 'SECRETS_KEY',
    missing:
      'the key that seals the signing key, TOTP and webhook secrets kept in the database (<id>:<32 bytes base64>, ' +
      'e.g. k1:$(openssl rand -base64 32)); README, "Configuration"',
  },
];

/**
 * What production refuses to start with (the server's start, main.ts): every development stand-in
 * at once — the embedded database, mail to the outbox, a localhost address, no word on the proxies,
 * the public development key of the secrets, a Stripe test key. Kept out of loadConfig so the CLIs and
 * the tests that build a production-mode app on a test database are not refused.
 */
export function refuseWhatIsNotReal(config: Config, env: NodeJS.ProcessEnv = process.env): void {
  if (config.NODE_ENV !== 'production') return;
  const lines = REAL_IN_PRODUCTION.filter(({ name }) => !env[name]).map(
    ({ name, missing }) => `${name}: ${missing}`,
  );
  if (/^(sk|rk)_test_/.test(config.STRIPE_SECRET_KEY ?? '') && !config.ALLOW_STRIPE_TEST_MODE_IN_PRODUCTION)
    lines.push(
      'STRIPE_SECRET_KEY: a Stripe test key takes no money, and its payments would mark bills paid; use the live key, ' +
        'or set ALLOW_STRIPE_TEST_MODE_IN_PRODUCTION=true as well to start anyway',
    );
  if (lines.length > 0)
    throw new Error(`Invalid configuration for production:\n${lines.map((l) => `  ${l}`).join('\n')}`);
}
